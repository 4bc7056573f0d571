from rasa_sdk.executor import ActionExecutor


def test_the_action_server_registers_every_action_in_the_package():
    executor = ActionExecutor()
    executor.register_package("actions")
    assert set(executor.actions) == {
        "action_answer_topic",
        "action_tell_me_more",
        "action_what_can_help",
        "action_clarify",
        "action_check_in_topic",
        "action_resume_topic",
        "action_signpost",
    }
