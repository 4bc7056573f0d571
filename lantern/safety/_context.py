"""Context around a match that can lower it: negation, past, quotation, another person."""

from __future__ import annotations

import re
from collections.abc import Sequence

from lantern.safety._text import words

CLAUSE_BREAKS = frozenset(
    {",", ".", "!", "?", ";", ":", "but", "though", "although", "however", "yet", "cos",
     "because", "-", "—", "\n", "and", "so"}
)  # fmt: skip
SENTENCE_BREAKS = frozenset({".", "!", "?", "\n", ";"})
NEGATORS = frozenset(
    # Scots "didnae", "cannae" and the like are keyed "not" (_text.NEGATIONS).
    {"not", "never", "no", "nobody", "nothing", "nobodys", "noone", "noones"}
)  # fmt: skip
NEGATION_WINDOW = 4
# A negator right before these words does not deny what follows, it insists on it: "can't
# stop thinking about hurting myself", "wouldn't mind if i didn't wake up", "don't care if i die".
INSISTING = frozenset({"stop", "help", "mind", "care", "wait"})
# Nor does one before a verb of knowing or telling: the 'not' is about who knows, and what
# follows is a disclosure ("nobody knows i want to die", "i never told anyone i'm suicidal").
DISCLOSING = frozenset(
    {"knows", "knew", "told", "tell", "telling", "notice", "notices", "noticed", "realises",
     "realised", "realizes", "realized", "sees", "saw", "understands", "understood", "guessed",
     "suspects", "asked", "asks", "cares"}
)  # fmt: skip
# Words between a negator and its verb that change nothing: "no one knows", "nobody even knows".
_FILLERS = frozenset({"one", "1", "body", "even", "ever", "really"})
# ... and before these it says the writer is unsure, which is a reason to ask: "i'm not sure i
# want to be here", "i don't know if i want to live".
UNSURE = frozenset({"sure", "know", "certain"})

PAST_CUES = (
    ("used", "to"), ("years", "ago"), ("months", "ago"), ("year", "ago"), ("weeks", "ago"),
    ("yrs", "ago"), ("yr", "ago"), ("yrs", "back"), ("years", "back"),
    ("ages", "ago"), ("long", "ago"),
    ("as", "a", "teen"), ("as", "a", "teenager"), ("as", "a", "kid"), ("in", "the", "past"),
    # forty-third session: "i was sexually abused as a child"
    ("as", "a", "child"), ("as", "a", "little", "girl"), ("as", "a", "little", "boy"),
    ("in", "my", "childhood"), ("during", "my", "childhood"),
    ("back", "then"), ("last", "summer"), ("last", "christmas"), ("last", "winter"),
    ("last", "spring"), ("last", "autumn"), ("phase", "at"),
    ("phase", "in", "my"), ("phase", "when"),
    ("long", "behind", "me"), ("last", "year"), ("in", "my", "teens"), ("in", "my", "twenties"),
    ("long", "time", "ago"), ("in", "a", "long", "time"), ("recovered",), ("years", "clean"),
    ("in", "my", "past"), ("was", "how", "i", "felt"),
    ("back", "in", "the", "day"), ("90s",), ("80s",), ("2000s",), ("in", "years"),
    # "the 90s" as the words are split ("90", "s")
    ("the", "70", "s"), ("the", "80", "s"), ("the", "90", "s"), ("the", "2000", "s"),
    ("years", "of", "counselling"), ("years", "of", "therapy"), ("over", "a", "decade"),
    ("a", "decade", "ago"), ("decades", "ago"), ("used", "tae"),
    # fifty-first session (set HN): "use to" as it is often written ("he use to hide my chair")
    ("he", "use", "to"), ("she", "use", "to"), ("i", "use", "to"),
    # fiftieth session (set HO): "is it normal to dream he's killing me even though it's been years"
    ("even", "though", "its", "been", "years"),
    # fiftieth session (set HR): "i had pills saved up during the worst of it"
    ("during", "the", "worst", "of", "it"),
    ("when", "i", "left"), ("last", "time", "i", "was"), ("when", "we", "were", "together"),
    ("conviction", "for"), ("convicted", "of"), ("convicted", "for"),
    # forty-fifth session: what a statement to the police was about ("police took my statement
    # last week about when he pushed me down the stairs")
    ("statement", "about"), ("statement", "on", "what"), ("took", "my", "statement"),
    ("gave", "a", "statement"), ("gave", "my", "statement"), ("giving", "a", "statement"),
    ("made", "a", "statement"),
    # twenty-fifth session: "it's been 5 years since I tried" (not "3 months since I left", which
    # is often followed by what is wrong now)
    *((unit, *day, "since", who, act) for unit in ("years", "year", "yrs", "months", "decade")
      for who, act in (("i", "tried"), ("i", "attempted"), ("i", "last"), ("my", "attempt"),
                       ("my", "last"), ("i", "stopped"))
      # twenty-sixth session: "two years today since i last hurt myself"
      for day in ((), ("today",))),
    ("lifetime", "ago"), ("the", "night", "i", "left"), ("the", "day", "i", "left"),
    *(("most", "of", "my", decade) for decade in ("teens", "twenties", "thirties", "forties")),
    # "for a while" is the past only before what followed it ("for a while i believed him"),
    # not as the end of a wish ("i just want to stop existing for a while")
    *(("for", "a", "while", word) for word in ("i", "when", "after", "but", "as", "in", "at",
                                                "back", "then")),
)  # fmt: skip
# "At school" is the past ("I self-harmed at school") unless the sentence sets a time: "after I
# drop the kids at school tomorrow" is not, nor is where someone is: "im at uni", "my mate at
# uni keeps saying".
PLACE_PAST_CUES = (("at", "uni"), ("at", "school"), ("at", "college"))
PLACE_NOW_CUES = (
    ("im", "at"), ("i", "am", "at"), ("im", "still", "at"), ("currently",), ("keeps",), ("keep",),
    ("back", "at"),
)  # fmt: skip
NOW_CUES = (
    ("again",), ("tonight",), ("today",), ("right", "now"), ("rn",), ("still",),
    ("struggling",), ("lately",), ("these", "days"), ("at", "the", "moment"), ("recently",),
    ("this", "week"), ("relapse",), ("relapsed",), ("creeping",), ("bad", "place"),
    ("going", "back", "there"), ("feel", "like", "that"), ("is", "back"), ("are", "back"),
    # fortieth session: what is back said with "it's", "that's", "they're" ("i used to think
    # about dying all the time and its back"), and feeling as bad as then
    ("its", "back"), ("thats", "back"), ("theyre", "back"), ("feel", "just", "as", "bad"),
    ("feeling", "just", "as", "bad"),
    ("come", "back"), ("coming", "back"), ("comin", "back"), ("flooding", "back"),
    ("back", "to", "that"),
    ("urges",), ("out", "of", "my", "head"), ("every", "night"), ("sliding",), ("slipping",),
    ("spiralling",), ("spiraling",), ("most", "nights"), ("in", "my", "head"),
    ("in", "my", "own", "head"),
    ("cant", "stop", "thinking"), ("keep", "hearing"),
    ("first", "time", "in", "ages"), ("first", "time", "in", "months"),
    ("first", "time", "in", "years"),
    ("like", "i", "did", "back", "then"), ("like", "i", "did", "then"),
    ("like", "i", "did", "before"), ("like", "a", "did", "then"),
    ("some", "days", "i", "believe"), ("i", "think", "hes", "right"),
    ("i", "think", "shes", "right"), ("heading", "the", "same", "way"),
    ("how", "i", "felt", "then"), ("going", "the", "same", "way"),
    ("feeling", "the", "same", "way"), ("feel", "the", "same", "way"),
    ("released",),
    ("being", "released"), ("gets", "out"), ("getting", "out"),
    ("out", "next"), ("parole",), ("out", "soon"),
    ("feeling", "that", "same"), ("same", "way", "again"), ("all", "week"),
    ("the", "way", "i", "did", "then"), ("the", "way", "i", "felt", "then"),
    ("the", "way", "i", "did", "back", "then"),
    ("back", "in", "that", "place"), ("some", "nights"), ("most", "days"), ("some", "days"),
    # twenty-first session: today with its apostrophe dropped, and wellbeing
    # denied ("3 years ago ... today's the anniversary and i'm not doing great")
    ("todays",), ("tonights",), ("not", "doing", "great"),
    ("not", "doing", "well"), ("not", "doing", "good"), ("not", "doing", "ok"),
    ("not", "in", "a", "good", "place"), ("cant", "shake", "it"),
)  # fmt: skip
# 'Still' and 'again' that are about something other than the risk: the guilt or the watched
# feeling left behind ("I left in 2021, so why do I still feel guilty?"), a life resumed ("she's
# dating again"), a question of procedure ("do I still need to refer?"). They are not read as
# 'now'; the other now-words still are ("... and I still feel guilty and the urges are back").
NOT_NOW_CUES = (
    *(("still", "feel", feeling) for feeling in ("guilty", "ashamed", "responsible", "watched",
                                                 "stupid", "silly", "embarrassed")),
    *(("still", "felt", feeling) for feeling in ("guilty", "ashamed", "responsible")),
    ("still", "think", "about", "it"), ("still", "need", "to"), ("still", "have", "to"),
    ("still", "count"), ("still", "counts"),
    ("still", "be", "charged"), ("still", "report"), ("still", "keep", "every"),
    ("still", "got", "the", "scars"), ("still", "have", "the", "scars"), ("still", "got", "scars"),
    ("still", "have", "scars"), ("see", "the", "kids", "again"), ("see", "my", "kids", "again"),
    ("police", "still"), ("clean", "today"), ("free", "today"),
    ("clean", "from", "self", "harm", "today"),
    ("clean", "from", "self", "-", "harm", "today"), ("ever", "starts", "again"),
    ("ever", "happens", "again"), ("engaged", "again"), ("married", "again"),
    ("i", "still", "turn"), ("still", "help"), ("still", "helps"), ("still", "helped"),
    ("is", "it", "still"), ("is", "that", "still"), ("is", "this", "still"),
    ("still", "see", "the", "kids"), ("still", "see", "his", "kids"), ("still", "see", "the",
    "children"), ("still", "have", "contact"), ("still", "get", "contact"),
    # forty-fifth session: reporting what happened, now ("is it too late to report it now?",
    # "can i make a police statement now"), and therapy today that went over it
    *(("report", who, "now") for who in ("it", "him", "her", "them", "this", "that")),
    ("statement", "now"), ("reporting", "it", "now"), ("report", "now"), ("charges", "now"),
    *((talk, "today") for talk in ("therapy", "counselling", "counsellor", "therapist",
                                   "session")),
    *((doing, "again") for doing in ("dating", "working", "smiling", "laughing", "driving",
                                     "studying", "happy", "myself", "herself", "himself")),
    # forty-ninth session: the day of asking, not of struggling ("i used to self harm as a
    # teenager ... today i'm asking about my partner's controlling behaviour with money")
    *(("today", "im", doing) for doing in ("asking", "writing", "messaging", "here")),
    ("today", "i", "want", "to", "ask"), ("today", "i", "have", "a", "question"),
    # fiftieth session (set HQ): "today i just want to talk about how to trust someone new", and
    # the day news came ("i found out today he's died")
    ("today", "i", "just", "want", "to"), ("today", "i", "want", "to", "talk"),
    ("found", "out", "today"),
    # ... checking the street, a habit left behind (set HO: "i still check the street before bed")
    ("i", "still", "check"),
    # ... and missing the ex ("sometimes i still miss him")
    *(("still", miss) for miss in ("miss", "missing", "love")),
)  # fmt: skip
_TWO_TO_TEN = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
# How many words after an over cue a "but" takes it back ("been fine for years, but ..."):
# only cues of how someone is, which a "but" can take back; things done ("i've had
# counselling, but the guilt is still there") stay done.
_TURN_WITHIN = 4
OVER_STATE_CUES = (
    ("doing", "well"), ("much", "better"), ("im", "fine"), ("im", "okay"), ("been", "fine", "for"),
    ("doing", "really", "well"), ("years", "behind", "me"), ("years", "out", "now"),
    ("happy", "now"), ("better", "place"), ("good", "place"), ("doing", "brilliantly"),
    ("doing", "brilliant"), ("life", "is", "good"),
    # forty-ninth session (set HS): "since I left I feel so much lighter"
    ("much", "lighter"), ("feel", "lighter"), ("much", "happier"),
    # fifty-first session (set HN): "my mate tried to end it years ago, hes doing great now";
    # the abuser long gone: "my ex used to hide my hearing aids. hes been gone 2 years. why do i
    # still check where they are every night"
    ("doing", "great"),
    *(("been", "gone", n, unit) for n in (*map(str, range(1, 41)), *_TWO_TO_TEN)
      for unit in ("years", "yrs")),
)  # fmt: skip
# Words saying the past is over: they outweigh a 'now' cue ("im 42 now and doing well"),
# unless a "but" follows one of the states above ("been doing well but ...").
OVER_CUES = (
    *OVER_STATE_CUES,
    ("im", "ok", "now"), ("volunteer",), ("recovered",), ("long", "gone"), ("remarried",),
    ("im", "safe", "now"), ("moved", "on"), ("safe", "ever", "since"), ("been", "safe", "since"),
    ("feeling", "grateful"), ("so", "grateful"), ("finally", "free"), ("proud", "of", "that"),
    ("proud", "of", "myself"), ("how", "far", "ive", "come"),
    ("years", "free"), ("tattoo", "over"),
    # forty-fifth session: "the suicidal thoughts i had years ago ... theyve been gone a long
    # time"
    ("gone", "a", "long", "time"), ("gone", "for", "years"), ("gone", "for", "a", "long", "time"),
    ("old", "scars"), ("i", "laughed"), ("havent", "in", "decades"), ("havent", "for", "decades"),
    ("just", "wanted", "to", "share"), ("got", "engaged"), ("not", "heard", "from", "him", "since"),
    ("not", "heard", "from", "her", "since"), ("havent", "heard", "from", "him", "since"),
    ("got", "my", "own", "flat"), ("got", "my", "own", "place"), ("been", "safe", "with"),
    # life after leaving, said plainly: "we're safe", "he's since passed away" (not "I left in
    # 2021", which is often followed by what has come back: "... and I cut again tonight")
    ("were", "safe", "now"), ("were", "safe", "and"), ("we", "are", "safe"), ("im", "safe", "and"),
    ("since", "passed", "away"), ("married", "to", "someone", "else"), ("had", "counselling"),
    ("done", "emdr"), ("long", "behind", "me"), ("just", "feel", "free"), ("feel", "free", "now"),
    ("finally", "feel", "free"), ("feel", "so", "free"), ("loving", "life"),
    # twenty-second session: a home of their own, and giving back
    ("got", "the", "keys"), ("keys", "to", "my", "own"), ("keys", "to", "our", "own"),
    ("volunteering",),
    # twenty-fifth session: "self-harmed at school but it's just a memory now"
    ("its", "a", "memory"), ("just", "a", "memory"),
    ("how", "far", "we", "came"), ("how", "far", "weve", "come"),
)  # fmt: skip
# Weaker words that a past risk has settled: they count only when nothing says "now" ("he used
# to lock me in, i'm three years out", "we split in 2019 and we're fine now").
SETTLED_CUES = (
    ("fine", "now"), ("ok", "now"), ("okay", "now"), ("safe", "now"), ("doing", "really", "well"),
    ("doing", "great"), ("no", "contact"), ("years", "out"), ("my", "own", "place"),
    ("our", "own", "place"), ("my", "own", "flat"), ("in", "prison"), ("was", "convicted"),
    ("got", "convicted"), ("a", "caution", "for"), ("charged", "with"), ("charged", "for"),
    ("convicted", "of"), ("convicted", "for"),
    ("split", "in"), ("divorced", "in"), ("new", "partner"), ("happily",), ("behind", "me"),
    ("all", "over", "now"), ("its", "over", "now"), ("married", "now"), ("remarried",),
    ("doing", "good"), ("victim", "contact", "scheme"), ("married", "to", "someone"),
    ("leaves", "me", "alone"), ("hes", "married"), ("shes", "married"), ("hes", "engaged"),
    ("shes", "engaged"), ("in", "jail"), ("been", "apart"), ("my", "statement"),
    ("left", "now"), ("ive", "left"), ("since", "i", "left"),
    ("conviction", "for"), ("havent", "in", "forever"), ("havent", "for"),
    # forty-fifth session: "he hasnt touched me since", "that ended when i left", "we split"
    *(("hasnt", act, "me", "since") for act in ("touched", "hit", "hurt", "laid", "done")),
    *(("never", act, "me", "again") for act in ("touched", "hit", "hurt")),
    ("that", "ended"), ("ended", "when", "i", "left"), ("we", "split"), ("we", "separated"),
    ("we", "broke", "up"),
    ("havent", "in", "years"), ("havent", "since"),
    # the abuser put away, gone abroad or dead, or the writer working it through (twenty-first
    # session, from look-alikes in data/risk_tiers)
    ("sent", "down"), ("went", "to", "prison"), ("went", "to", "jail"), ("did", "time"),
    # "been out 8 years" is the writer's freedom; "he's been out a week" is not
    ("ive", "been", "out"), *(("been", "out", str(n), "years") for n in range(2, 41)),
    ("all", "stopped"), ("stopped", "when"), ("stopped", "once"),
    *(("over", str(n), "years", "ago") for n in range(5, 41)),
    ("historic", "case"), ("historical", "case"), ("historic", "abuse"),
    ("historical", "abuse"), ("nothing", "since"), ("and", "nothing", "else", "since"),
    ("deported",), ("he", "died"), ("she", "died"), ("hes", "died"), ("shes", "died"),
    # fiftieth session (set HO): far away, and not near ("hasnae been near me in 4 year")
    ("counties", "away"), ("miles", "away"), *((hasnt, "been", "near", "me")
                                              for hasnt in ("hasnt", "hasnae", "not", "never")),
    ("all", "done", "with"), ("its", "all", "done"),
    ("with", "someone", "else"), ("working", "through", "it"), ("rebuilding",), ("doing", "ok"),
    ("genuinely", "doing"),
    # twenty-second session: the year they left ("he used to choke me, i left him in 2019")
    *((*left, str(year)) for left in (("left", "him", "in"), ("left", "her", "in"), ("left", "in"),
                                      ("got", "out", "in"), ("split", "up", "in"))
      for year in range(1980, 2024)),
    # twenty-seventh session: "he used to follow me to work. that's over", "not seen him in 4
    # years, he's moved abroad"
    ("thats", "over"), ("thats", "all", "over"), ("glad", "its", "over"), ("moved", "abroad"),
    # twenty-eighth session: "that was 2016. he's serving 9 years"
    ("hes", "serving"), ("shes", "serving"), ("serving", "a", "sentence"),
    # "trial was 2015, he got six years", "he passed long ago"
    *((who, "got", n, unit) for who in ("he", "she") for unit in ("years", "yrs")
      for n in (*map(str, range(1, 41)), *_TWO_TO_TEN, "twelve", "fifteen", "twenty")),
    ("he", "got", "life"), ("she", "got", "life"),
    # fiftieth session (set HO): "he did 3 years for it"
    *((who, "did", n, unit) for who in ("he", "she") for unit in ("years", "yrs", "months")
      for n in (*map(str, range(1, 41)), *_TWO_TO_TEN)),
    ("he", "passed", "away"), ("she", "passed", "away"), ("passed", "long", "ago"),
    *(("serving", str(n), unit) for n in range(1, 41) for unit in ("years", "yrs")),
    *(("seen", who, within, n, unit) for who in ("him", "her", "them") for within in ("in", "for")
      for n in (*map(str, range(2, 41)), *_TWO_TO_TEN, "many")
      for unit in ("years", "yrs")),
)  # fmt: skip
# Words before a settled or over cue that deny it ("not doing well").
_NEGATORS = frozenset({"not", "never", "isnt", "arent", "wasnt", "aint", "hardly", "nowhere"})
_MINUTES = ("min", "mins", "minute", "minutes")


def _ago(*units: str) -> tuple[tuple[str, str], ...]:
    """Cues for "<unit> ago": "10 mins ago", "an hour ago"."""
    return tuple((unit, "ago") for unit in units)


# Someone asking about risk rather than having it ("my therapist asked if i was suicidal").
HYPOTHETICAL_CUES = (
    ("asked", "if"), ("ask", "if"), ("asks", "if"), ("asking", "if"), ("asked", "me", "if"),
    ("asks", "me", "if"), ("asked", "me", "whether"), ("asks", "me", "whether"),
    *((asks, "every", when, "if") for asks in ("asks", "ask", "asked")
      for when in ("week", "session", "time", "appointment")),
    ("asked", "whether"), ("ask", "whether"), ("asks", "whether"), ("asking", "whether"),
    ("if", "she", "ever"), ("if", "he", "ever"), ("if", "they", "ever"), ("if", "someone"),
    ("what", "if", "someone"), ("how", "to", "support"), ("how", "do", "i", "support"),
    ("deals", "with"), ("deal", "with"), ("dealing", "with"), ("difference", "between"),
    ("uk", "law"), ("the", "law"), ("legal", "definition"), ("what", "counts", "as"),
    ("how", "long", "do", "i", "have", "to", "report"),
    # learning about it: "doing a first aid course, we cover overdoses"
    ("first", "aid", "course"), ("first", "aid", "training"), ("training", "course"),
    # forty-ninth session (set HS): what the writer once would have done ("the old me would
    # have cut myself over his messages. today I blocked him and went for a run instead")
    ("old", "me", "would"), ("old", "me", "wouldve"), ("old", "me", "wouldv"),
    ("course", "on"), ("training", "on"),
    # a condition for help: "police can't do anything unless he actually hits me"
    ("unless", "he"), ("unless", "she"), ("unless", "they"), ("only", "act", "if"),
    ("only", "if", "he"), ("only", "if", "she"),
)  # fmt: skip
# A question that says how long ago it happened is not hypothetical: "if someone took 40
# paracetamol about an hour ago how long would they have".
ELAPSED_CUES = _ago("hour", "hours", "hr", "hrs", "min", "mins", "minutes")
# The answer to someone's question hid the truth: what was asked about is real.
HID_IT_CUES = (("i", "lied"), ("lied", "to"), ("said", "no", "but"), ("pretended",))
# Lemmas of verbs that report someone else's words ("he told me to ...").
REPORTING = frozenset(
    {"say", "tell", "text", "message", "shout", "scream", "yell", "write", "call", "keep",
     "want", "post", "send"}
)  # fmt: skip
FIRST_PERSON = frozenset({"i", "me", "my", "myself", "im", "ive", "id", "ill", "mine", "meself"})
THIRD_PERSON = frozenset(
    {"he", "she", "they", "him", "her", "them", "his", "hers", "their", "himself", "herself",
     "hes", "shes", "hell", "shell", "hed", "shed", "theyre", "theyll", "theyd",
     "themselves", "friend", "mate", "sister", "brother", "mum", "mom", "dad", "son",
     "daughter", "partner", "husband", "wife", "boyfriend", "girlfriend", "bf", "gf", "ex",
     "cousin", "colleague", "someone", "somebody", "kid", "child", "teenager", "niece",
     "nephew", "aunt", "uncle", "flatmate", "fiance", "fiancee", "bestie", "neighbour",
     "character", "woman", "man", "people", "person", "lady", "bloke", "guy", "narcissists",
     "teenagers", "students", "patients", "clients",
     # twenty-seventh session: "someone in the comments told me to go die"
     "comments", "commenter", "commenters", "troll", "trolls", "stranger", "strangers"}
)  # fmt: skip
QUOTE_MARKS = frozenset({'"', "'"})

MEDIA = frozenset(
    {"book", "film", "movie", "show", "episode", "storyline", "documentary", "article",
     "podcast", "news", "series", "drama", "soap", "character", "novel", "programme",
     "eastenders", "corrie", "telly", "tv", "doc", "docu", "documentaries", "netflix",
     "iplayer", "thriller", "thrillers", "audiobook", "kindle", "poem", "poems"}
)  # fmt: skip
TIME_CUES = (
    ("tonight",), ("today",), ("right", "now"), ("rn",), ("this", "weekend"), ("tomorrow",),
    ("by", "the", "morning"), ("falls", "asleep"), ("kids", "are", "asleep"), ("just", "now"),
    ("through", "the", "night"), ("thru", "the", "night"), ("this", "time", "tomorrow"),
    ("this", "night"), ("tonite",), ("2nite",), ("tn",), ("now", "bye"),
    ("within", "the", "hour"), ("in", "an", "hour"), ("everyones", "in", "bed"),
    ("everyone", "is", "in", "bed"), ("everyones", "asleep"), ("everyone", "is", "asleep"),
    ("happening", "now"), ("as", "we", "speak"), ("not", "replying"), ("not", "answering"),
    ("not", "picking", "up"),
    # fiftieth session (the forty-ninth's set HS): a day chosen ("i won't be here next week. i've
    # picked the date")
    *((chose, a, day) for chose in ("picked", "chosen", "chose", "set") for a in ("the", "a")
      for day in ("date", "day")),
)  # fmt: skip
# "I'm safe right now": the time is the safety's, not a time set for harm.
_SAFE_WORDS = frozenset({"safe", "ok", "okay", "fine", "alright"})
_NOW_AFTER_SAFE = frozenset({"right", "now", "rn", "just", "for"})
_WAKE = frozenset({"wake", "waking", "woke"})
_WAKING_DAYS = frozenset({"tomorrow", "today"})
# ... when it is wished for ("wish i wouldn't wake up tomorrow"), not decided ("decided i'm not
# waking up tomorrow", which keeps its time).
_WISHING = frozenset(
    {"want", "wanna", "wish", "wishing", "mind", "glad", "relieved", "if", "sure", "could", "hope"}
)  # fmt: skip
HABITUAL = frozenset(
    {"keep", "keeps", "always", "every", "constantly", "often", "regularly", "again"}
)
NOW_WORDS = (
    ("right", "now"), ("rn",), ("now",), ("just",), ("tonight",),
    *_ago(*_MINUTES, "sec", "secs", "seconds"),
)  # fmt: skip


_Trie = dict[str, "_Trie"]  # one letter -> what may follow it; "" marks the end of a cue


def _cues(cues: tuple[tuple[str, ...], ...]) -> re.Pattern[str]:
    """One search for any cue, each as found in a joined, space-padded run of words.

    The cues are written as a trie ("as a (?:kid|teen(?:ager)?)"), so the search tries one
    branch at each letter instead of every cue at every place: the same cues found, three to
    fifteen times faster than a plain list of alternatives.
    """
    trie: _Trie = {}
    for cue in cues:
        node = trie
        for char in f" {' '.join(cue)} ":
            node = node.setdefault(char, {})
        node[""] = {}  # a cue ends here
    return re.compile(_trie_pattern(trie))


def _trie_pattern(node: _Trie) -> str:
    branches = [
        re.escape(char) + _trie_pattern(rest) for char, rest in sorted(node.items()) if char
    ]
    if not branches:
        return ""
    ends_here = "" in node
    if len(branches) == 1 and not ends_here:
        return branches[0]
    group = "(?:" + "|".join(branches) + ")"
    return group + "?" if ends_here else group


# "my 14yo just told me she took ... at school": news of now, not a memory.
_JUST_TOLD = _cues(
    tuple(
        ("just", verb)
        for verb in ("told", "said", "found", "rang", "called", "messaged", "texted", "admitted")
    )
)
_PAST, _PLACE_PAST, _NOW, _OVER = map(_cues, (PAST_CUES, PLACE_PAST_CUES, NOW_CUES, OVER_CUES))
_OVER_STATE = _cues(OVER_STATE_CUES)
_PLACE_NOW = _cues(PLACE_NOW_CUES)
_SETTLED, _HYPOTHETICAL, _TIME, _NOW_WORDS, _ELAPSED = map(
    _cues, (SETTLED_CUES, HYPOTHETICAL_CUES, TIME_CUES, NOW_WORDS, ELAPSED_CUES)
)
_HID_IT = _cues(HID_IT_CUES)
_NOT_NOW = _cues(NOT_NOW_CUES)


class Words:
    """A message's words (cleaned, lower case) and the keys patterns match them by.

    The context rules read plain strings rather than spaCy tokens: a Token object made for
    every look at a word was a third of the detector's time.
    """

    __slots__ = ("cleaned", "joined", "keys", "quoted", "text")

    def __init__(self, text: Sequence[str], keys: Sequence[str], cleaned: str = "") -> None:
        self.text = text
        self.keys = keys
        self.joined = _joined(text)
        # The cleaned message the words came from: its lone single quote marks, which the
        # words drop, are read only when a rule needs them (``in_quotes``), once a message.
        self.cleaned = cleaned
        self.quoted: tuple[bool, ...] | None = None

    def __len__(self) -> int:
        return len(self.text)


def _joined(words: Sequence[str]) -> str:
    return f" {' '.join(words)} "


def _has_cue(joined: str, cues: re.Pattern[str]) -> bool:
    return cues.search(joined) is not None


def clause_start(w: Words, start: int) -> int:
    """Index of the first word of the clause that the word at ``start`` is in."""
    i = start
    while i > 0 and w.text[i - 1] not in CLAUSE_BREAKS:
        i -= 1
    return i


def sentence_bounds(w: Words, start: int, end: int) -> tuple[int, int]:
    """The word range of the sentence holding the span [start, end)."""
    left = start
    while left > 0 and w.text[left - 1] not in SENTENCE_BREAKS:
        left -= 1
    right = end
    while right < len(w) and w.text[right] not in SENTENCE_BREAKS:
        right += 1
    return left, right


def is_negated(w: Words, start: int) -> bool:
    """A negator shortly before the match, in the same clause ("i'm not suicidal").

    Not one that insists ("can't stop thinking about ...") or says the writer is unsure.
    """
    return any(_denies(w, i) for i in _negators(w, start))


def _denies(w: Words, negator: int) -> bool:
    """The negator denies what follows.

    It neither insists, discloses nor is unsure, nor opens the writer's "can't do this anymore"
    ("cant do this anymore took all the tablets").
    """
    if _following(w, negator, INSISTING | DISCLOSING | UNSURE):
        return False
    return not _cant_go_on(w, negator)


# fifty-first session (set HN): "cant do thsi anymroe took all the tabletts about 20 min ago"
# is not a denial of what follows: "can't do this anymore" is the end of someone's strength.
_GOING_ON = frozenset(
    {"do", "take", "cope", "handle", "go", "keep", "live", "face", "stand", "bear", "carry"}
)
_ANY_MORE = frozenset({"anymore", "anymroe", "anymor", "anymre", "nemore", "anymo"})


def _cant_go_on(w: Words, negator: int) -> bool:
    """A negator that opens "can't do this anymore", "can't take it any longer"."""
    after = w.text[negator + 1 : negator + 5]
    if not after or after[0] not in _GOING_ON:
        return False
    joined = " ".join(after[1:])
    return not _ANY_MORE.isdisjoint(after[1:]) or "any more" in joined or "any longer" in joined


def is_negated_inside(w: Words, start: int, end: int, own: frozenset[str]) -> bool:
    """A negator just after the match's first word, in a gap ("he wouldn't hurt them").

    Only there: a negator further in is often the risk itself ("if a bus hit me tomorrow i
    wouldn't mind", "nobody would notice"). Not a word the phrase names (``own``), nor one
    that insists or is unsure.
    """
    i = start + 1
    return i < end - 1 and w.keys[i] in NEGATORS and w.keys[i] not in own and _denies(w, i)


# A man or several people as the subject of what is said or about to be done. Not "she": the
# women of the family and friends whose "she'll kill me" is the figure are its subject.
_THREATENER = frozenset({"hell", "hed", "theyll", "theyd"})
_THIRD_SUBJECT = frozenset({"he", "hes", "they", "theyre"})
_ABOUT_TO = frozenset({"will", "would", "go", "gonna", "say", "s", "ll", "d"})


def threat_inside(w: Words, start: int, end: int, own: frozenset[str]) -> bool:
    """Inside a match, outside its phrase's own words: "he'll", "he's going", "they said"."""
    for i in range(start, end):
        key = w.keys[i]
        if key in own:
            continue
        if key in _THREATENER:
            return True
        after = w.keys[i + 1 : i + 3]
        if (
            key in _THIRD_SUBJECT
            and after
            and (
                after[0] in _ABOUT_TO or (after[0] == "be" and after[1:] and after[1] in _ABOUT_TO)
            )
        ):
            # "he'll", "he said", "he is going to" (not "he was")
            return True
    return False


def is_unsure(w: Words, start: int) -> bool:
    """A negator before the match says the writer is unsure ("not sure i want to live")."""
    return any(_following(w, i, UNSURE) for i in _negators(w, start))


def _negators(w: Words, start: int) -> list[int]:
    first = max(clause_start(w, start), start - NEGATION_WINDOW)
    return [
        i
        for i in range(first, start)
        if w.keys[i] in NEGATORS
        and not _in_condition(w, i, start)
        and _EXCEPT.isdisjoint(w.keys[i + 1 : start])
    ]


# fifty-first session (set HN): "cant feel anything except wanting it all to stop": what the
# 'except' names is what is left, not denied.
_EXCEPT = frozenset({"except", "exept", "besides"})


def _following(w: Words, negator: int, wanted: frozenset[str]) -> bool:
    """The first word after the negator, past fillers ("no one even knows"), is wanted."""
    after = negator + 1
    while after < len(w) and w.text[after] in _FILLERS:
        after += 1
    return after < len(w) and w.text[after] in wanted


def is_not_yet(w: Words, end: int) -> bool:
    """'yet' just after a negated match: the writer expects it ("he hasn't hit me yet")."""
    return "yet" in w.text[end : end + 2]


CONDITIONS = frozenset({"if", "unless", "otherwise"})
SUBJECTS = frozenset(
    {"i", "im", "ill", "id", "he", "hes", "hell", "hed", "she", "shes", "shell", "shed", "they",
     "theyll", "theyre", "we", "well", "you", "youll"}
)  # fmt: skip


def _in_condition(w: Words, negator: int, start: int) -> bool:
    """The negator belongs to a condition, not to the match: "if i dont go [hell] kill me".

    Only when someone new is the subject between the two; "if im not suicidal" stays negated.
    """
    conditional = not CONDITIONS.isdisjoint(w.text[max(0, negator - 3) : negator])
    return conditional and not SUBJECTS.isdisjoint(w.text[negator + 1 : start + 1])


def is_hypothetical(w: Words, start: int, end: int) -> bool:
    """Earlier in the sentence, someone asks about risk ("she asked if i was suicidal").

    Not when the writer says the answer hid it ("asked if i'd had thoughts of ending it and
    i lied"), nor when the question says how long ago it happened.
    """
    left, right = sentence_bounds(w, start, end)
    after = _joined(w.text[end:right])
    return (
        _has_cue(_joined(w.text[left:start]), _HYPOTHETICAL)
        and not _has_cue(after, _HID_IT)
        and not _has_cue(after, _ELAPSED)
    )


# A general question about how the law names a thing, or why abusers do it: "is threatening
# suicide to stop a partner leaving classed as coercive control?", "why do abusive partners
# threaten to die by suicide when you leave?". Not "is it normal to ...", which is how people
# say what they feel.
GENERAL_CUES = (
    ("classed", "as"), ("class", "as"), ("count", "as"), ("counts", "as"), ("counted", "as"),
    ("in", "law"), ("legally",), ("illegal",), ("a", "crime"), ("an", "offence"),
    ("criminal", "offence"), ("against", "the", "law"), ("legal", "term"), ("be", "charged"),
    ("get", "charged"), ("be", "arrested"), ("get", "arrested"), ("be", "prosecuted"),
    ("go", "to", "prison"), ("go", "to", "jail"), ("sentence", "for"),
    *(("why", "do", who) for who in ("abusive", "abusers", "narcissists", "narcs", "people",
                                     "men", "women", "partners", "some", "perpetrators")),
    *(("why", "does", who) for who in ("an", "a", "someone")),
    ("why", "would", "someone"), ("why", "would", "a"), ("why", "would", "an"),
)  # fmt: skip
_GENERAL = _cues(GENERAL_CUES)
# Anyone in particular: the writer ("I", "we", "my"), or a he or she. A question with any of
# them may be about the writer's own life ("is it a crime? he's outside"), so it is not general.
_PARTICULAR = FIRST_PERSON | {
    "we", "us", "our", "ours", "ourselves", "he", "she", "him", "her", "hes", "shes", "hed",
    "shed", "hell", "shell", "himself", "herself",
}  # fmt: skip


def is_general_question(w: Words, start: int, end: int) -> bool:
    """The match's sentence asks what the law calls a thing, or why abusers do it, about no one.

    Only when the whole message names no one in particular (no "I", "my", "he" or "she"), or
    says the writer's own past is over, and sets no time or place now: "is it classed as
    stalking if an ex keeps turning up at the school gates?" is general; "... if my ex keeps
    turning up" is not.
    """
    left, right = sentence_bounds(w, start, end)
    return (
        _has_cue(_joined(w.text[left:right]), _GENERAL)
        # or whose writer says their own past is over ("... my ex did it. I'm remarried")
        and (_PARTICULAR.isdisjoint(w.text) or is_over(w))
        and not has_time(w)
        and not is_here_now(w)
    )


def _unnegated(cues: re.Pattern[str], joined: str) -> list[re.Match[str]]:
    """The cue's matches that no 'not' or 'never' in the three words before turns round.

    "im not doing well", "not in a good place", "never fine now" say the opposite of the cue.
    """
    return [
        m
        for m in cues.finditer(joined)
        if not _NEGATORS.intersection(joined[: m.start()].split()[-3:])
    ]


def is_over(w: Words) -> bool:
    """The message says the past is over ("im remarried", "hes long gone").

    Not when a "but" follows within a few words: "been doing well but these last weeks im
    back there", "been fine for years, but since leaving him the thoughts are creeping back";
    nor when the words are denied: "i overdosed years ago and im not doing well".
    """
    return any(
        not w.joined.startswith("but ", m.end())
        and not (
            _OVER_STATE.fullmatch(m.group()) and "but" in w.joined[m.end() :].split()[:_TURN_WITHIN]
        )
        for m in _unnegated(_OVER, w.joined)
    )


def is_settled(w: Words) -> bool:
    """The message says, in weaker words, that the past is settled ("we're fine now").

    Not "im not doing great" or "not ok now".
    """
    return bool(_unnegated(_SETTLED, w.joined))


# A year as a word of its own ("in 2019"): a past year places the sentence in the past.
_FOUR_DIGITS = re.compile(r"(?<= )\d{4}(?= )")
# An age given as one ("self-harmed aged 15"). Not "at 15": "at" and a number is more often a
# time ("he's back at 11").
_AGED = re.compile(r" aged (?:[5-9]|1\d|20) ")
# ... or "at 15" when the message gives the writer's age now ("tried to at 17. im 23 now").
_AT_AGE = re.compile(r" at (?:[5-9]|1\d) ")
_OLDER_NOW = re.compile(r" (?:im|i am) (?:[2-9]\d) (?:now|today) ")


_TURNS = frozenset({"but", "though", "tho", "although"})
_BACK_AT_PLACE = re.compile(r" back(?= at (?:uni|school|college) )")


def past_and_now(w: Words, start: int, end: int) -> tuple[bool, bool]:
    """Whether the sentence places the match in the past, and if so whether it says 'now' too.

    'Now' is looked for only in a message whose match is in the past: it is what turns the
    past into a present struggle ("i used to self-harm and the urges are back").
    """
    left, right = sentence_bounds(w, start, end)
    # A "but" before the match turns to another time: "I left him in 2020 but tonight I want to
    # die" is not a past wish. The past is looked for from the last "but" on.
    left = max([left, *(i + 1 for i in range(left, start) if w.text[i] in _TURNS)])
    sentence = w.text[left:right]
    joined = _joined(sentence)
    past = (
        _has_cue(joined, _PAST)
        # "at school" is the past ("i self-harmed at school"), not what was "just" told
        or (
            _has_cue(joined, _PLACE_PAST)
            # "back at uni" is the past too, not "back at" a place now ("he's back at the house")
            and not _has_cue(_BACK_AT_PLACE.sub(" ", joined), _PLACE_NOW)
            and not _has_cue(joined, _TIME)
            and not _has_cue(joined, _JUST_TOLD)
        )
        or _names_past_year(joined)
        or _when_i_was(joined)
        or _AGED.search(joined) is not None
        or (_AT_AGE.search(joined) is not None and _OLDER_NOW.search(w.joined) is not None)
        or _dated_after(w, right)
    )
    if not past:
        return False, False
    return True, _says_now(w.joined) and not is_over(w)


# A sentence that dates the one before it: "i wanted to die when he left me. that was 2019."
# Or tells when it happened: "... nightmares about him choking me? it happened once 6 years ago"
# (fiftieth session, set HQ).
_DATING = re.compile(r" (?:that|this|it|all that) (?:was|were|happened) ")


def _dated_after(w: Words, end: int) -> bool:
    """The next sentence opens by placing the sentence before it years back."""
    start = end
    while start < len(w) and w.text[start] in SENTENCE_BREAKS:
        start += 1
    if start >= len(w):
        return False
    _, right = sentence_bounds(w, start, start)
    joined = _joined(w.text[start:right])
    return _DATING.match(joined) is not None and (
        _has_cue(joined, _PAST) or _names_past_year(joined)
    )


def _names_past_year(joined: str) -> bool:
    """A past year as a word of its own: "in 2019"."""
    return any(1950 <= int(year) <= 2025 for year in _FOUR_DIGITS.findall(joined))


def _says_now(joined: str) -> bool:
    """A 'now' cue, not counting a 'still' or 'again' that is about something else."""
    if not _has_cue(joined, _NOW):
        return False
    if _has_cue(joined, _NOT_NOW):
        joined = _NOT_NOW.sub(lambda m: " " + "_ " * (m.group().count(" ") - 1), joined)
    return _has_cue(joined, _NOW)


def _when_i_was(joined: str) -> bool:
    """A time of life ("when i was 15", "when i was at uni"), not "when i was crying"."""
    return any(
        after != "asleep" and not after.endswith("ing")
        for after in (rest.split(" ", 1)[0] for rest in joined.split(" when i was ")[1:])
        if after
    )


def is_reported(w: Words, start: int) -> bool:
    """Someone else's words: 'he told me to ...', 'she keeps saying ...', or in quote marks."""
    left, _ = sentence_bounds(w, start, start)
    quotes = sum(1 for word in w.text[left:start] if word in QUOTE_MARKS)
    if quotes % 2 == 1:
        return True
    for i in range(max(left, start - 8), start):
        # forty-fifth session: a "but" after the words of saying turns back to the writer: "my
        # mum keeps telling me not to cry but i want to die"
        if w.keys[i] in REPORTING and _TURNS.isdisjoint(w.text[i + 1 : start]):
            speaker = w.text[max(left, i - 2) : i]
            if (
                speaker
                and (
                    (FIRST_PERSON.isdisjoint(speaker) and not THIRD_PERSON.isdisjoint(speaker))
                    # ... and someone of the writer's speaks: "my daughter said", "my 16 yr old
                    # said" (the "my" is not the speaker)
                    or _someone_of_the_writers(w.text[max(left, i - 4) : i])
                )
            ):
                return True
    return False


_WRITERS_OWN = ("my", "our")
_OF_AN_AGE = re.compile(r"^\d{1,2} (?:(?:yr|year) old|yo)$")


def _someone_of_the_writers(words: Sequence[str]) -> bool:
    """The words end with someone of the writer's: "my daughter", "our 16 year old"."""
    owner = max((i for i, word in enumerate(words) if word in _WRITERS_OWN), default=-1)
    if owner < 0:
        return False
    named = words[owner + 1 :]
    return (
        len(named) == 1 and named[0] in THIRD_PERSON and named[0] not in FIRST_PERSON
    ) or _OF_AN_AGE.match(" ".join(named)) is not None


def is_third_person(w: Words, start: int, end: int, own: frozenset[str]) -> bool:
    """The nearest person before the match, in its clause, is someone other than the writer.

    Not when the writer is the match's own subject (``writer_is_subject``; ``own``: the keys
    the phrase names): "lying next to him wishing i wouldn't wake up", "the kids would be fine
    with my sister if i wasn't around".
    """
    for i in range(start - 1, clause_start(w, start) - 1, -1):
        word = w.text[i]
        if word in THIRD_PERSON and not _is_owner_or_object(w, i):
            return not writer_is_subject(w, start, end, own) and not _asks_anyone_else(w, start)
        if word in FIRST_PERSON:
            return False
    return False


def _asks_anyone_else(w: Words, start: int) -> bool:
    """A sentence asking whether anyone else feels it: the writer is among them.

    "does anyone else feel like they're just waiting to die".
    """
    left, _ = sentence_bounds(w, start, start)
    return any(
        w.text[i] in ("anyone", "anybody") and w.text[i + 1] == "else" for i in range(left, start)
    )


# Someone named only as the owner of the means ("ate the whole box of his sleeping tablets")
# or as the one wanted or called ("i just want someone to talk to while it kicks in") is not
# the one at risk (thirty-seventh session).
_POSSESSIVE = frozenset({"his", "her", "their"})
_MEANS_OWNED = frozenset(
    {"pills", "pill", "tablets", "tablet", "tabs", "meds", "medication", "medicine",
     "prescription", "sleeping", "sleepers", "painkillers", "insulin", "razor", "razors",
     "blade", "blades", "knife", "knives", "rope", "belt", "gun", "shotgun", "rifle",
     "sertraline", "citalopram", "fluoxetine", "mirtazapine", "amitriptyline", "codeine",
     "tramadol", "morphine", "diazepam", "zopiclone", "pregabalin", "gabapentin",
     "quetiapine", "propranolol", "paracetamol", "antidepressants", "whisky", "vodka"}
)  # fmt: skip
_INDEFINITE = frozenset({"someone", "somebody", "anyone", "anybody"})
_WANTING = frozenset({"want", "wanted", "need", "needed", "call", "ring", "tell", "told", "text"})
# A clause opening on one of these names its subject ("my 3 yr old got into his pills"): only
# the writer, or no one ("had a few of his sleeping tablets"), takes the owner's means.
_NOUN_OPENERS = frozenset(
    {"my", "our", "the", "a", "an", "this", "that", "these", "those", "your", "one"}
)


def _is_owner_or_object(w: Words, i: int) -> bool:
    word = w.text[i]
    if word in _POSSESSIVE:
        opener = w.text[clause_start(w, i)]
        return (
            opener not in _NOUN_OPENERS
            and (opener not in THIRD_PERSON or opener == word)
            and not _MEANS_OWNED.isdisjoint(w.text[i + 1 : i + 3])
        )
    if word in _INDEFINITE:
        return i > 0 and w.text[i - 1] in _WANTING
    return False


# The writer as a subject: "i", "i'm", "i've", "i'd", "i'll" (not "me" or "my": "he'll make
# me", "my kids would").
_WRITER_SUBJECT = frozenset({"i", "im", "ive", "id", "ill"})
# The writer as the one the phrase itself names as its object: "they'd all be better off
# without me", "he says the kids would be better off without me" (his cruelty, the writer's
# wish if anyone's), never someone else's.
_WRITER_OBJECT = frozenset({"me", "myself", "meself"})
# ... but not the writer as where it happened: "she took the pills in front of me".
_PLACE_WORDS = (("front", "of"), ("next", "to"), ("beside",), ("near",))


def _is_place(w: Words, i: int) -> bool:
    return any(tuple(w.text[max(0, i - len(p)) : i]) == p for p in _PLACE_WORDS)


# Words that open a condition: a subject after one, in a phrase's gap, is the condition's
# ("jump off the balcony if i leave tonight"), not the risk's.
_SUBORDINATORS = frozenset({"if", "unless", "when", "till", "until", "before", "cos", "because"})
_THREATENING = frozenset(
    {"threaten", "threatens", "threatening", "threatened", "threat", "threats"}
)


def writer_is_subject(w: Words, start: int, end: int, own: frozenset[str]) -> bool:
    """The writer is the subject of the match, before anyone else named in it.

    A first-person word the phrase names, or one in its gap that does not open a condition;
    or "me" / "myself" the phrase names, unless as a place ("in front of me"). Not inside
    quote marks (someone else's own words: "he texts 'i'll end it'") or after a
    threat in the same sentence ("he's threatening to jump off the balcony if i leave").
    """
    left, _ = sentence_bounds(w, start, start)
    if not _THREATENING.isdisjoint(w.text[left:start]):
        return False
    for i in range(start, end):
        word = w.text[i]
        if word in THIRD_PERSON:
            return False
        if word in _WRITER_SUBJECT and (
            w.keys[i] in own or i == start or w.text[i - 1] not in _SUBORDINATORS
        ):
            return not in_quotes(w, i)
        if word in _WRITER_OBJECT and w.keys[i] in own and not _is_place(w, i):
            return not in_quotes(w, i)
        if word == "my" and "my" in own and _MEANS_OWNED.isdisjoint(w.text[i + 1 : i + 3]):
            # "nobody would even come to my funeral", "tell my daughter i always loved her";
            # not "he's taken a load of my tablets"
            return not in_quotes(w, i)
    return False


# Words that may come between the writer and what is said of them ("i keep ...", "i've been
# ...", "i'm still ..."); a word of perceiving or thinking may not ("i can hear screaming", "i
# think the kids next door are being hurt": a witness, not the one at risk).
_LINKING = frozenset(
    {"keep", "kept", "been", "just", "am", "was", "still", "have", "had", "got", "getting",
     "get", "be", "being", "always", "really", "actually", "literally", "again", "now", "so"}
)  # fmt: skip


def is_writer_before(w: Words, start: int, end: int) -> bool:
    """The writer is the match's subject, just before it, with no one else in its clause.

    "i keep writing goodbye messages", "i'm getting hit every night"; not "i got a goodbye
    text from my sister" or "i can hear screaming upstairs".
    """
    right = end
    while right < len(w) and w.text[right] not in CLAUSE_BREAKS:
        right += 1
    if not THIRD_PERSON.isdisjoint(w.text[start:right]):
        return False
    for i in range(start - 1, max(clause_start(w, start), start - 4) - 1, -1):
        word = w.text[i]
        if word in _WRITER_SUBJECT:
            return not in_quotes(w, i)
        if word not in _LINKING:
            return False
    # No subject at all, at the start of a sentence: the writer's, left unsaid ("sat on the
    # railing of the flyover", thirty-seventh session).
    left, _ = sentence_bounds(w, start, start)
    return start - left < 4 and all(word in _LINKING for word in w.text[left:start])


# Someone's own suicide or self-harm made to hang on what the writer does: "if you leave i'll
# end it" in his words, "he says he'll kill himself if i don't come back" in theirs.
_YOU = ("you", "u")
_LEAVING = (
    "leave", "go", "dont", "wont", "break", "split", "end", "walk", "ever", "answer", "reply",
    "come", "take", "stop", "block",
)  # fmt: skip
COERCING_CUES = (
    *(("if", who, act) for who in (*_YOU, "i") for act in _LEAVING),
    *(("unless", who) for who in (*_YOU, "i")),
    *((whose, "fault") for whose in ("your", "ur", "my")),
    ("youll", "see"), ("youll", "have", "to", "live"), ("youll", "be", "sorry"),
    ("ull", "see"), ("ull", "be", "sorry"),
    *(("on", whose, where) for whose in ("your", "ur", "my")
      for where in ("hands", "head", "conscience")),
    *((why, "of", who) for why in ("because", "cos", "coz") for who in ("you", "u", "me")),
)  # fmt: skip
_COERCING = _cues(COERCING_CUES)


def is_coerced(w: Words, start: int, end: int) -> bool:
    """The match's sentence makes it hang on what the writer does: "if you leave", "unless i"."""
    left, right = sentence_bounds(w, start, end)
    return _has_cue(_joined(w.text[left:right]), _COERCING)


# An apostrophe between two letters is part of a word ("don't"); any other is a quote mark.
_LONE_APOSTROPHE = re.compile(r"(?<![^\W_])'|'(?![^\W_])")


def in_quotes(w: Words, index: int) -> bool:
    """An odd number of quote marks, single or double, lie before the word in its sentence."""
    if w.quoted is None:
        w.quoted = _quoted(w)
    return w.quoted[index]


def _quoted(w: Words) -> tuple[bool, ...]:
    """``in_quotes`` for every word of the message, worked out once.

    The words drop single quote marks, so the cleaned message is split again with them kept
    as symbols ('"'), and the words are found again among the pieces. From a word that cannot
    be found (a quote mark inside a word) on, only the double ones count.
    """
    singles = [0] * (len(w.text) + 1)  # single quote marks just before each word
    found = len(w.text)
    if "'" in w.cleaned:
        found = 0
        for piece in words(_LONE_APOSTROPHE.sub(' " ', w.cleaned)):
            if found < len(w.text) and piece == w.text[found]:
                found += 1
            elif piece == '"':
                singles[found] += 1
            else:
                break
    quoted = []
    both = doubles = 0
    for i, word in enumerate(w.text):
        both += singles[i]
        quoted.append((both if i < found else doubles) % 2 == 1)
        if word in QUOTE_MARKS:
            both, doubles = both + 1, doubles + 1
        elif word in SENTENCE_BREAKS:
            both = doubles = 0
    return tuple(quoted)


# Something done to a television is not watching it: "just threw the telly".
_THROWN = frozenset({"threw", "throw", "thrown", "smashed", "smash", "broke", "kicked", "punched"})


# Someone who seemed to be watching or following turned out to be harmless: "there's been a
# car outside every night, turns out it's the new neighbour's son", "a man watching the house,
# turned out he's from the council". Only people and things named here end it: "turns out it
# was him" does not.
_HARMLESS = (
    "neighbour", "neighbours", "neighbor", "neighbors", "council", "postman", "postie",
    "courier", "delivery", "amazon", "dpd", "evri", "hermes", "builder", "builders",
    "scaffolder", "scaffolders", "surveyor", "meter", "teacher", "friendly", "lost",
    "student", "students", "son", "daughter", "lad", "nan", "gran", "grandad", "cousin",
    "dog", "cat", "fox", "cats", "foxes", "canvasser", "canvassing", "jehovahs", "witnesses",
    "estate", "taxi", "uber", "window", "plumber", "electrician", "landlord", "workmen",
    "openreach", "bt", "engineer", "engineers",
)  # fmt: skip
_RESOLVED = re.compile(
    r" (?:turns|turned) out (?:(?!him |his |he was |ex )\S+ ){0,6}?(?:"
    + "|".join(_HARMLESS)
    + r")s? | panic over | false alarm "
)


# ... unless the abuser comes after it: "turns out the neighbour saw him at 3am".
_ABUSER = frozenset({"him", "his", "ex", "exs", "husband", "partner", "boyfriend", "bf"})


def is_resolved(w: Words) -> bool:
    """The message says the watcher or follower turned out to be harmless ("panic over")."""
    return any(
        _ABUSER.isdisjoint(w.joined[m.end() :].split()[:6]) for m in _RESOLVED.finditer(w.joined)
    )


# Means given up: handed in, given back, thrown away (fiftieth session, sets HQ and HR: "used to
# save up pills 'just in case' ... handed them all in to my pharmacist last year").
MEANS_GONE_CUES = (
    *((handed, them, "in") for handed in ("handed", "handing", "took", "taken")
      for them in ("them", "it", "everything", "the", "my", "all")),
    *((handed, them, "all", "in") for handed in ("handed", "took") for them in ("them", "it")),
    *(("gave", them, "back") for them in ("them", "it", "everything")),
    *((gave, them, "to", "the", who) for gave in ("gave", "handed", "took")
      for them in ("them", "it", "everything")
      for who in ("pharmacy", "pharmacist", "chemist", "gp", "doctor", "nurse", "police")),
    ("got", "rid", "of", "them"), ("got", "rid", "of", "the"), ("got", "rid", "of", "all"),
    ("flushed", "them"), ("binned", "them"), ("threw", "them", "away"), ("threw", "them", "out"),
    ("disposed", "of"),
)  # fmt: skip
_MEANS_GONE = _cues(MEANS_GONE_CUES)


def means_given_up(w: Words) -> bool:
    """The message says the means were handed in or thrown away, not denied ("never got rid")."""
    return bool(_unnegated(_MEANS_GONE, w.joined))


def is_fiction(w: Words, start: int) -> bool:
    """Earlier in the sentence, a book, a film or the news is named: it is about that."""
    left, _ = sentence_bounds(w, start, start)
    return any(
        word in MEDIA and _THROWN.isdisjoint(w.text[max(left, i - 2) : i])
        for i, word in enumerate(w.text[left:start], start=left)
    )


# A threat reported in the past tense ("he said he'd kill me if i ever left"), in a message
# that also says it is over ("i left 4 years ago, he's in prison now and i'm safe").
SAID_THEN = frozenset(
    {"said", "told", "threatened", "swore", "warned", "promised", "texted", "wrote", "screamed",
     "shouted", "yelled"}
)  # fmt: skip
# ... unless he is to be let out: "he said he'd kill me when he gets out. he's in prison".
RELEASE_CUES = (
    ("gets", "out"), ("getting", "out"), ("get", "out"), ("comes", "out"), ("coming", "out"),
    ("released",), ("release",), ("parole",), ("out", "soon"), ("let", "out"),
)  # fmt: skip
_RELEASE = _cues(RELEASE_CUES)


def is_said_then(w: Words, start: int, end: int) -> bool:
    """Someone's past words in the match's sentence, and the message says that time is over.

    Over means the message's own words for it (``is_over``), or settled words with a time in
    the past ("in prison" and "4 years ago"); never when it sets a time now, places someone
    here, or says he is to be let out.
    """
    left, _ = sentence_bounds(w, start, end)
    said = any(
        word in SAID_THEN and not THIRD_PERSON.isdisjoint(w.text[max(left, i - 2) : i])
        for i, word in enumerate(w.text[left:end], start=left)
    )
    return (
        said
        and (is_over(w) or (is_settled(w) and _has_cue(w.joined, _PAST)))
        and not has_time(w)
        and not is_here_now(w)
        and not _has_cue(w.joined, _RELEASE)
    )


# A story named and joined to what happens in it: "watched a film where the wife burns his
# house down", "that eastenders where he set fire to the house", "a documentary about the case
# where she killed him with a hammer". Not the news, which may be the writer's own ("the news
# about him"), nor a story a child tells, which may be a disclosure, nor a word that is also
# something else: "show the kids where he keeps the gun", "a drama at the school where he
# turned up with a knife".
STORY_MEDIA = MEDIA - {"news", "article", "podcast", "show", "drama", "soap", "character", "doc"}
_STORY_LINKS = frozenset({"where", "about", "wherein", "whose"})
_STORY_LINK_WITHIN = 4
_NOT_IN_STORY = FIRST_PERSON | {"we", "us", "our", "you", "your", "u", "ur"}


def is_in_story(w: Words, start: int, end: int) -> bool:
    """Earlier in the sentence a film, book or programme is named and joined to the match.

    The words from the story's name to the end of the sentence name neither the writer nor
    the reader ("a film where a man gets stabbed and he grabbed a knife and held it to me" is
    not a story), and the message places no one here and now.
    """
    left, right = sentence_bounds(w, start, end)
    for i in range(start - 1, left - 1, -1):
        if w.text[i] in STORY_MEDIA:
            linked = not _STORY_LINKS.isdisjoint(w.text[i + 1 : i + 1 + _STORY_LINK_WITHIN])
            return linked and _NOT_IN_STORY.isdisjoint(w.text[i:right]) and not is_here_now(w)
    return False


def has_now(w: Words) -> bool:
    """The message says it is happening right now."""
    return _has_cue(w.joined, _NOW_WORDS)


def has_time(w: Words) -> bool:
    """The message sets a time: tonight, right now, this weekend ...

    Not "right now" or "for now" straight after "safe" or "ok" ("im safe right now but ...").
    """
    if not _has_cue(w.joined, _TIME):
        return False
    kept: list[str] = []
    for word in w.text:
        if word in _NOW_AFTER_SAFE and kept and (kept[-1] in _SAFE_WORDS or kept[-1] == ""):
            kept.append("")
            continue
        # "i don't want to wake up tomorrow": the day of the waking, not a time set for harm
        if (
            word in _WAKING_DAYS
            and len(kept) > 1
            and kept[-1] == "up"
            and kept[-2] in _WAKE
            and not _WISHING.isdisjoint(kept[-7:-2])
        ):
            kept.append("")
            continue
        kept.append(word)
    return _has_cue(_joined(kept), _TIME)


def is_habitual(w: Words, start: int, end: int) -> bool:
    """Something that keeps happening rather than happening now ("he keeps turning up")."""
    right = end
    while right < len(w) and w.text[right] not in CLAUSE_BREAKS:
        right += 1
    first = clause_start(w, start)
    return not (
        HABITUAL.isdisjoint(w.keys[first:right]) and HABITUAL.isdisjoint(w.text[first:right])
    )


# Someone is here, now: at the door, outside, in the house. A check-in about a partner, a
# stalker or a child becomes urgent when the message places the person here and now ("he's in
# reception shouting my name", "he's sat in his car outside the school").
_HE = ("hes", "shes", "theyre", "he", "she", "they", "ex", "exs", "husband", "partner",
       "boyfriend", "girlfriend", "wife", "dad", "father")  # fmt: skip
HERE_NOW_CUES = (
    ("right", "now"), ("rn",), ("as", "we", "speak"),
    *((he, place) for he in _HE for place in ("outside", "downstairs", "upstairs", "here")),
    *((he, "is", place) for he in _HE for place in ("outside", "downstairs", "upstairs", "here")),
    *((he, verb, "outside") for he in _HE for verb in ("sat", "sitting", "stood", "standing",
                                                       "parked", "waiting")),
    ("in", "reception"), ("at", "the", "door"), ("at", "my", "door"), ("at", "the", "window"),
    ("outside", "my", "door"), ("outside", "the", "door"), ("kicking", "the", "door"),
    ("banging", "on", "the"), ("trying", "to", "get", "in"), ("trying", "to", "break", "in"),
    ("can", "see", "him"), ("can", "hear", "him"), ("can", "see", "her"), ("can", "hear", "her"),
    ("been", "sat", "there"), ("been", "sitting", "there"), ("been", "outside"),
    ("has", "turned", "up"), ("hes", "turned", "up"), ("just", "turned", "up"),
    ("has", "just", "turned", "up"), ("is", "here"), ("in", "the", "house"),
    ("in", "the", "front", "room"), ("in", "the", "next", "room"), ("in", "the", "other", "room"),
    ("car", "park", "now"), ("carpark", "now"), ("outside", "now"), ("watching", "me", "now"),
    ("look", "out", "the", "window"), ("hes", "getting", "out"), ("shes", "getting", "out"),
    ("parked", "opposite"), ("knows", "im", "in"), ("knows", "im", "home"), ("from", "outside"),
    ("coming", "down", "the", "road"), ("coming", "up", "the", "road"), ("coming", "after", "me"),
    ("now", "watching", "me"), ("following", "me", "now"),
    ("past", "my", "window"), ("end", "of", "my", "road"), ("end", "of", "my", "street"),
    ("can", "see", "his", "car"), ("can", "see", "his", "van"), ("can", "see", "her", "car"),
    ("hes", "watching", "me"), ("shes", "watching", "me"),
    ("hes", "home", "early"), ("shes", "home", "early"), ("they", "found", "me"),
    ("mins", "away"), ("minutes", "away"), ("hes", "coming"), ("shes", "coming"),
    ("on", "his", "way"), ("on", "her", "way"),
    *((he, "found", "me") for he in ("he", "she", "hes", "shes")),
)  # fmt: skip
# Someone is at a height now: a threat or wish said there is urgent, not a check-in.
AT_HEIGHT_CUES = (
    ("on", "the", "edge", "of"), ("on", "the", "ledge"), ("over", "the", "rail"),
    ("over", "the", "railing"), ("over", "the", "railings"), ("on", "the", "windowsill"),
    ("on", "the", "window", "ledge"), ("legs", "over"), ("on", "the", "roof"),
    ("climbed", "over"), ("on", "the", "balcony"), ("floors", "up"), ("on", "the", "bridge"),
    ("on", "the", "footbridge"), ("on", "the", "parapet"), ("on", "the", "cliff"),
    ("on", "a", "bridge"), ("on", "a", "ledge"), ("on", "a", "roof"), ("on", "a", "cliff"),
    ("beachy", "head"), ("from", "the", "roof"), ("top", "of", "the", "multistorey"),
    ("top", "of", "the", "car", "park"),
)  # fmt: skip
_HERE_NOW, _AT_HEIGHT = _cues(HERE_NOW_CUES), _cues(AT_HEIGHT_CUES)


def is_here_now(w: Words) -> bool:
    """The message places someone here and now: outside, at the door, in the next room."""
    return _has_cue(w.joined, _HERE_NOW)


def is_at_height(w: Words) -> bool:
    """The message places someone on a ledge, a rail, a roof or a bridge."""
    return _has_cue(w.joined, _AT_HEIGHT)


# Someone writing about their work: a nurse's overdoses on shift, a call handler's caller.
WORK_CUES = (
    ("nurse", "here"), ("paramedic",), ("paramedics",), ("on", "shift"),
    ("my", "shift"), ("the", "shift"), ("night", "shift"), ("on", "a", "shift"),
    ("gp", "receptionist"), ("receptionist",), ("call", "handler"), ("duty", "doctor"),
    ("as", "a", "nurse"), ("as", "a", "paramedic"), ("pharmacist",), ("patients",),
    ("a", "patient"), ("my", "patient"), ("safeguarding", "lead"), ("teacher", "here"),
    ("social", "worker"), ("support", "worker"), ("police", "officer"), ("probation", "officer"),
    ("prison", "officer"), ("counsellor", "here"), ("mental", "health", "nurse"),
    ("call", "out"), ("callout",), ("in", "this", "job"), ("on", "duty"), ("my", "shifts"),
    ("after", "shifts"), ("on", "nights"), ("nhs", "nurse"), ("im", "a", "nurse"),
    ("im", "a", "paramedic"),
    ("a", "grim", "call"), ("a", "bad", "call"), ("in", "my", "job"), ("at", "work", "today"),
    ("im", "a", "pc"), ("as", "a", "pc"), ("went", "to", "a", "job"), ("attended", "a", "job"),
    ("a", "job", "tonight"), ("rough", "shift"), ("long", "shift"), ("busy", "shift"),
    ("on", "the", "ward"), ("on", "the", "wards"), ("in", "resus"),
    ("in", "a", "care", "home"), ("work", "nights"), ("our", "residents"),
    # studying it: "we just did it in pharmacology, 2nd yr nursing"
    ("pharmacology",), ("student", "nurse"), ("nursing", "student"), ("yr", "nursing"),
    ("year", "nursing"), ("nursing", "degree"), ("in", "a", "lecture"), ("in", "our", "lecture"),
    # schools and care: "I'm a teacher and a Year 8 pupil told me today ..."
    ("im", "a", "teacher"), ("as", "a", "teacher"), ("a", "pupil"), ("my", "pupil"),
    ("our", "dsl"), ("the", "dsl"), ("teaching", "assistant"), ("youth", "worker"),
    ("health", "visitor"), ("im", "a", "midwife"), ("im", "a", "carer"), ("care", "worker"),
    ("counselling", "course"), ("role", "play"), ("roleplay",),
    # fiftieth session (set HO): "I work as a prison nurse", "I work A&E reception"
    ("work", "as", "a"), ("prison", "nurse"), ("work", "reception"), ("e", "reception"),
    ("youth", "group"), ("youth", "club"), ("run", "the", "youth"),
)  # fmt: skip
_WORK = _cues(WORK_CUES)
# Words in a match's clause that make it about other people: "a patient took an overdose",
# "ended his life", "three overdoses".
_OTHERS_WORDS = THIRD_PERSON | {
    "overdoses", "ods", "suicides", "attempts", "patients", "patient", "client", "clients",
    "caller", "callers", "pupil", "pupils", "resident", "residents", "lad", "lass", "girl",
    "boy", "fella", "who", "whod", "victim", "we", "poem", "essay", "admissions", "admission",
    "shout", "shouts", "jobs", "ladies", "domestics", "teens", "teen",
}  # fmt: skip


def is_at_work(w: Words) -> bool:
    """The writer is talking about their job (a nurse, a call handler, on shift)."""
    return _has_cue(w.joined, _WORK)


# What a worker says has happened since to the person they met at work: in safety, or the one
# who harmed them held ("he's in custody now and she's settled in a refuge").
SAFE_SINCE_CUES = (
    ("in", "custody"), ("was", "arrested"), ("got", "arrested"), ("been", "arrested"),
    ("with", "family"), ("in", "a", "refuge"), ("in", "refuge"), ("to", "a", "refuge"),
    ("all", "fine"), ("shes", "safe"), ("hes", "safe"), ("theyre", "safe"), ("is", "safe", "now"),
    ("with", "the", "idva"), ("with", "an", "idva"),
)  # fmt: skip
_SAFE_SINCE = _cues(SAFE_SINCE_CUES)


def is_safe_since(w: Words) -> bool:
    """The message says the person at risk is safe now, or the danger held (``SAFE_SINCE_CUES``)."""
    return bool(_unnegated(_SAFE_SINCE, w.joined))


# What a worker says is going on as they write: someone else's risk at work that is still live.
HAPPENING_NOW_CUES = (
    ("happening", "now"), ("its", "happening"), ("right", "now"),
    ("as", "we", "speak"), ("rn",), ("still", "going", "on"), ("just", "messaged"),
    ("just", "texted"), ("just", "rang"), ("just", "called"), ("just", "told", "me"),
    ("just", "phoned"), ("on", "the", "phone", "now"), *_ago(*_MINUTES),
    ("just", "posted"), ("just", "sent"), ("cant", "reach"), ("not", "answering"),
    ("isnt", "answering"), ("not", "picking", "up"), ("isnt", "picking", "up"),
)  # fmt: skip
_HAPPENING_NOW = _cues(HAPPENING_NOW_CUES)


def is_happening_now(w: Words) -> bool:
    """The message says the harm is going on as they write ("it's happening now").

    Narrower than `has_now`: "tonight" or a bare "now" do not count, since a worker's shift
    is tonight ("had an overdose in on nights tonight" is still about their work).
    """
    return _has_cue(w.joined, _HAPPENING_NOW)


# People close to the writer: their risk is the writer's worry, never the writer's work, even
# when the writer works in care ("nurse here, my husband has taken an overdose").
CLOSE_PEOPLE = frozenset(
    {"husband", "wife", "partner", "boyfriend", "girlfriend", "bf", "gf", "fiance", "fiancee",
     "ex", "son", "daughter", "kid", "kids", "child", "children", "mum", "mom", "mam", "dad",
     "brother", "sister", "mate", "friend", "bestie", "nan", "grandad", "grandma", "cousin",
     "flatmate", "stepdad", "stepmum", "niece", "nephew", "uncle", "aunt", "auntie"}
)  # fmt: skip
# ... unless an article makes them a stranger ("had a mum in tonight who'd taken 30"), or they
# are someone else's ("a pupil told me her dad hits her mum").
_STRANGER = frozenset({"a", "an", "the", "this", "one", "another", "her", "his", "their"})


def names_someone_close(w: Words, start: int, end: int) -> bool:
    """The match's clause names someone close to the writer ("my husband", "partner")."""
    first = clause_start(w, start)
    return any(
        w.text[i] in CLOSE_PEOPLE and (i == first or w.text[i - 1] not in _STRANGER)
        for i in range(first, end)
    )


def names_others(w: Words, start: int, end: int) -> bool:
    """The match's clause is about other people or counts events: 'a patient', 'overdoses'."""
    return not _OTHERS_WORDS.isdisjoint(w.text[clause_start(w, start) : end])


# A child of the writer's, named before someone else's risk: "my son came back from his dads
# with a bruise on his arm", "he's got the kids in the car and says he's driving them off the
# cliff". The one at risk is then most often that child, when something says the child is young
# (an age under 18, "the kids", "little", "contact", "daddy", "his dads", "school") and no
# adult is named who may be the one at risk ("my friend's been talking about ending it since
# her husband took the kids"). Not a child of age ("my son is 19", "my daughter ... from uni"),
# nor a child named only after the risk ("he said he'd rather kill himself than let me have the
# kids", the partner's threat). A partner named is most often the one the child is in danger
# from. "Mummy" is the writer, whom the words may put at risk ("he told the kids mummy's going to
# die soon"): the reply that asks about anyone, including them, stays. Forty-sixth session,
# from set HW.
_WRITERS_CHILD_BEFORE = frozenset({"my", "our", "the", "me", "both"})
_WRITERS_CHILD = frozenset(
    {"son", "sons", "daughter", "daughters", "kid", "kids", "child", "children", "baby",
     "babies", "toddler", "boy", "boys", "girl", "girls", "lad", "stepson", "stepdaughter",
     "youngest", "eldest", "oldest", "bairn", "bairns", "wean", "weans"}
)  # fmt: skip
_BETWEEN_WRITER_AND_CHILD = frozenset({"little", "lil", "wee", "baby", "youngest", "eldest"})
_YOUNG_CUES = frozenset(
    {"kid", "kids", "child", "children", "baby", "babies", "toddler", "little", "lil", "wee",
     "bairn", "bairns", "daddy", "contact", "school", "nursery", "stepdad",
     "stepfather", "stepmum", "stepmother", "teddy", "teacher", "dads", "mums", "cafcass"}
)  # fmt: skip
_ADULT_CUES = frozenset({"uni", "university", "college", "adult", "grown", "flat", "work"})
_ADULTS_WHO_MAY_BE_AT_RISK = frozenset(
    {"friend", "friends", "mate", "mates", "bestie", "bff", "sister", "sis", "brother", "bro",
     "mum", "mam", "mom", "mother", "nan", "nana", "gran", "granny", "grandma", "neighbour",
     "neighbours", "neighbor", "cousin", "aunt", "auntie", "colleague", "flatmate",
     "housemate", "client", "clients", "pupil", "student", "mummy", "mommy", "mammy"}
)  # fmt: skip
_AGE_WITHIN = 6


def _age_near(w: Words, i: int) -> int | None:
    """The first number in the few words after a child is named ("my son (7)", "hes 9")."""
    for word in w.text[i + 1 : i + 1 + _AGE_WITHIN]:
        if word.isdigit() and len(word) <= 2:
            return int(word)
    return None


def names_writers_child(w: Words, start: int) -> bool:
    """A young child of the writer's is named before ``start``, and no adult at risk."""
    if not _ADULTS_WHO_MAY_BE_AT_RISK.isdisjoint(w.text):
        return False
    young = not _YOUNG_CUES.isdisjoint(w.text) and _ADULT_CUES.isdisjoint(w.text)
    named = False
    for i in range(min(start, len(w.text))):
        word = w.text[i]
        if word not in _WRITERS_CHILD:
            continue
        before = w.text[i - 1] if i else ""
        if before in _BETWEEN_WRITER_AND_CHILD and i > 1:
            before = w.text[i - 2]
        if before not in _WRITERS_CHILD_BEFORE:
            continue
        age = _age_near(w, i)
        if age is not None and age >= 18:
            return False
        named = True
        young = young or age is not None
    return named and young
