"""Person names in chat text, lower case included ("my ex darren", "told Mark", "kez").

No pretrained NER model can be installed here, so names are found from a gazetteer and the words
around them (``lantern.privacy.gazetteer``):

- a first name that is not also a common word ("darren", "priya") is a name wherever it is;
- a first name that is also a common word ("will", "hope", "mark") is a name only after a cue
  ("my ex will", "called hope", "mr mark") or when capitalised in mid-sentence ("I told Mark");
- any word that looks like a proper noun (mostly written with a capital, or too rare to be a
  dictionary word) is a name after a relationship or naming cue ("my ex dazza");
- a surname-like word straight after a name joins it ("darren smith", "Kelly O'Brien").
"""

from __future__ import annotations

from presidio_analyzer import RecognizerResult

from lantern.privacy.gazetteer import Gazetteer
from lantern.privacy.recognizers._base import WordRecognizer
from lantern.privacy.tokens import Token, joined, tokenize

# Words after which the next word is a name if it looks like one: "my ex dazza", "his mum jan".
RELATIONS = frozenset(
    """
    ex exs ex's partner partners husband hubby husbands wife wifes boyfriend bf boyfriends
    girlfriend gf girlfriends fiance fiancé fiancee fiancée son sons daughter daughters
    child kid kids baby mum mam mom mother dad father brother bro sister sis stepdad stepmum
    stepson stepdaughter friend friends mate bestie cousin auntie aunty aunt uncle nan nana
    gran granny grandad grandma grandpa niece nephew neighbour neighbor boss manager
    colleague solicitor lawyer barrister worker caseworker officer pc sergeant counsellor
    counselor therapist doctor dr nurse teacher headteacher advocate idva landlord landlady
    lodger flatmate housemate called named calls nicknamed aka mr mrs ms miss mx
    """.split()
)
# Strong cues: after these, any word that is not a common word is a name ("called jaz").
NAMING = frozenset({"called", "named", "nicknamed", "aka", "mr", "mrs", "ms", "miss", "mx"})
# Two-word naming cues: "name is X", "names X", "name's X".
NAME_WORDS = frozenset({"name", "names", "name's", "name’s"})
# Words that never start or continue a name.
FUNCTION_WORDS = frozenset(
    """
    a an the and or but so if then than that this these those there here he she they them
    him her his hers their it its i me my we us our you your yours is was are were be been
    being am do does did done have has had will would can could should shall may might must
    to of in on at by for from with about as into over under again just not no yes too very
    also still even ever never always sometimes now then when where why how what who whom
    which while who's keeps kept says said told tells texted texts rang rings called calls
    knows thinks wants goes went came comes got gets is's im i'm ive dont cant wont isnt
    didnt doesnt hi hey hiya hello thanks thank please sorry havent hasnt wasnt werent
    shouldnt wouldnt couldnt aint youre theyre thats whats hes shes id ill lets weve theyve
    youve wouldve couldve else everyone someone anyone nobody everybody somebody
    """.split()
)
# Words between "my" and a relationship: "liv my best friend", "alfie my little boy".
RELATION_FILLERS = frozenset(
    """
    best little big baby eldest youngest oldest older younger new old ex real step
    """.split()
)
# Modal verbs that are also names: a name only after a cue and before a verb ("my ex will
# wont stop"), never in "my ex will kill me".
MODAL_NAMES = frozenset({"will", "may", "can"})
MONTHS = frozenset(
    """
    january february march april may june july august september october november december
    """.split()
)
# Verbs that say the word before them is a person: "mark said", "kwame keeps", "ade has".
PERSON_VERBS = frozenset(
    """
    said says told tells texted texts text rang rings called calls messaged messages keeps
    kept wants wanted threatened threatens threatening hit hits sent sends made makes took
    takes smashed smashes shouted shouts screamed screams followed follows turned turns
    knows knew thinks thought reckons wont won't doesnt doesn't didnt didn't isnt isn't
    hasnt hasn't cant can't never always promised promises blamed blames posted posts moved
    lives lived left leaves agreed asked asks
    """.split()
)
# Weaker verbs, enough after a word too rare to be anything but a name ("ade has").
WEAK_PERSON_VERBS = frozenset({"is", "was", "has", "had", "and", "got", "gets", "will", "would"})
NAME_SCORE = 0.7
CUED_SCORE = 0.65
GUESS_SCORE = 0.5
# Words this frequent ("go", "see") are not names even after a cue, unless listed as
# ambiguous names ("hope", "will").
VERY_COMMON = -8.5


class PersonRecognizer(WordRecognizer):
    """People's names from the gazetteer and the words around them."""

    ENTITIES = ("PERSON",)

    def find(self, text: str) -> list[RecognizerResult]:
        """Names in ``text``, each extended over a following surname."""
        tokens = tokenize(text)
        results: list[RecognizerResult] = []
        i = 0
        while i < len(tokens):
            why = self._why_name(text, tokens, i)
            if why is None:
                i += 1
                continue
            last = i
            while last + 1 < len(tokens) and self._continues(text, tokens, last):
                last += 1
            end = tokens[last].base_end
            score = NAME_SCORE if why.startswith("first name") else CUED_SCORE
            results.append(self.result("PERSON", tokens[i].start, end, score, why))
            i = last + 1
        return results

    def _cue(self, text: str, tokens: tuple[Token, ...], i: int) -> str | None:
        """The relationship or naming words just before token ``i``, if any."""
        if i == 0 or not joined_or_comma(text, tokens[i - 1], tokens[i]):
            return None
        before = tokens[i - 1].base
        if before in RELATIONS:
            return before
        if before == "is" and i >= 2 and tokens[i - 2].base in NAME_WORDS:
            return f"{tokens[i - 2].lower} is"
        if tokens[i - 1].lower in NAME_WORDS:
            return tokens[i - 1].lower
        return None

    def _why_name(self, text: str, tokens: tuple[Token, ...], i: int) -> str | None:
        token = tokens[i]
        word = token.base
        g = self.gazetteer
        if not token.is_word or len(word) < 2 or word in g.not_names:
            return None
        cue = self._cue(text, tokens, i)
        after = self._after(text, tokens, i)
        if word in MODAL_NAMES:
            # "my ex will wont stop": a modal as a name only after a cue and before a verb
            # that cannot follow the modal.
            mid_capital = token.capitalised and not token.sentence_start
            if cue and (after in PERSON_VERBS | {"", ","} or mid_capital):
                return f"first name in the gazetteer, after '{cue}'"
            return None
        if word in FUNCTION_WORDS or (("'" in word or "’" in word) and not g.is_name(word)):
            return None
        if g.is_name(word):
            if not g.is_common_word(word):
                return "first name in the gazetteer"
            if cue and (word in g.ambiguous or g.prob(word) < VERY_COMMON):
                return f"first name in the gazetteer, after '{cue}'"
            if word in MONTHS:
                return None  # "since April": only after a cue
            if token.capitalised and not token.sentence_start:
                return "first name in the gazetteer, capitalised mid-sentence"
            if (token.sentence_start or token.capitalised) and (
                after in PERSON_VERBS or after == "my-relation"
            ):
                return f"first name in the gazetteer, before '{after}'"
            return None
        if cue and (g.looks_proper(word) or (cue in NAMING and not g.is_common_word(word))):
            return f"looks like a name, after '{cue}'"
        rare = not g.is_known_word(word)
        proper = g.looks_proper(word) and not g.is_common_word(word)
        if not (rare or proper) or g.is_place(word):
            return None
        if token.capitalised and not token.sentence_start:
            return "capitalised word that is not a dictionary word"
        if after in PERSON_VERBS or after == "my-relation" or (rare and after in WEAK_PERSON_VERBS):
            return f"looks like a name, before '{after}'"
        return None

    def _after(self, text: str, tokens: tuple[Token, ...], i: int) -> str:
        """Return the word after token ``i``.

        That is "" at the end, "," at a comma, or "my-relation" for an apposition ("emeka my
        husband", "precious, my youngest").
        """
        if i + 1 >= len(tokens):
            return ""
        gap = text[tokens[i].end : tokens[i + 1].start]
        nxt = tokens[i + 1].lower
        if nxt in ("my", "our", "his", "her") and _relation_follows(
            [t.base for t in tokens[i + 2 : i + 4]]
        ):
            return "my-relation"
        if "," in gap:
            return ","
        if not gap.isspace():
            return ""
        return nxt

    def _continues(self, text: str, tokens: tuple[Token, ...], last: int) -> bool:
        """Whether the token after ``last`` is a surname (or second name) of the same person."""
        current, nxt = tokens[last], tokens[last + 1]
        if not joined(text, current, nxt) or current.base != current.lower:
            return False  # "darren's mum": the possessive ends the name
        word = nxt.base
        g = self.gazetteer
        if not nxt.is_word or len(word) < 2 or word in FUNCTION_WORDS or word in g.not_names:
            return False
        if g.is_name(word) and not g.is_common_word(word):
            return True  # "mary jane", "ahmed hassan"
        if current.capitalised and nxt.capitalised and not g.is_common_word(word):
            return True  # "Kelly O'Brien"
        return (g.looks_proper(word) and not g.is_known_word(word)) or _surname_shaped(word, g)


def _relation_follows(words: list[str]) -> bool:
    """Say whether the words after "my" name a relation ("husband", "best friend")."""
    if not words:
        return False
    first = words[0]
    if first in RELATIONS or first in ("youngest", "eldest", "oldest"):
        return True
    return first in RELATION_FILLERS and len(words) > 1 and words[1] in RELATIONS


def _surname_shaped(word: str, g: Gazetteer) -> bool:
    """Words mostly written with a capital that are not common words: "smith", "patel"."""
    return g.looks_proper(word) and not g.is_common_word(word) and g.prob(word.title()) > -16.0


def joined_or_comma(text: str, left: Token, right: Token) -> bool:
    """Tokens separated by spaces or a comma only: "my ex, darren" still cues the name."""
    gap = text[left.end : right.start]
    return gap.replace(",", "").replace(":", "").isspace() and "\n" not in gap
