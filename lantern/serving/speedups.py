"""One measured fix to Rasa's hot path, installed by the processes that run the bot.

Rasa 3.6 checks every action server response against its JSON schema with
``jsonschema.validate``, which validates the schema itself and builds a new validator on every
call. Under load that was a third of a Rasa instance's CPU (py-spy on ``lantern serve`` driven
by ``bench/load.py``). ``install()`` makes ``RemoteAction`` use one validator built once from
Rasa's own schema; what is accepted and what is rejected (the same best-matching error) does
not change.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

_INSTALLED = "_lantern_cached_validator"


@lru_cache(maxsize=1)
def _validator() -> Any:
    from jsonschema.validators import validator_for
    from rasa.core.actions.action import RemoteAction

    schema = RemoteAction.action_response_format_spec()
    cls = validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def validate_action_result(result: dict[str, Any]) -> bool:
    """Rasa's check of an action server response, with the validator built once."""
    from jsonschema.exceptions import best_match

    error = best_match(_validator().iter_errors(result))
    if error is not None:
        error.message += (
            ". Failed to validate Action server response from API, make sure your response "
            "from the Action endpoint is valid."
        )
        raise error
    return True


def install() -> None:
    """Use the cached validator in every ``RemoteAction`` of this process (idempotent)."""
    from rasa.core.actions.action import RemoteAction

    if getattr(RemoteAction, _INSTALLED, False):
        return

    def _validate_action_result(self: Any, result: dict[str, Any]) -> bool:
        return validate_action_result(result)

    RemoteAction._validate_action_result = _validate_action_result
    setattr(RemoteAction, _INSTALLED, True)
