"""Team tie-break descriptors: the MTB26 codes a team event's list (TRF records 202/212) holds.

C.07 (2026) gives teams three kinds of tie-breaks:

- the individual ones of art. 6-9 computed on a team's score, match points or game
  points (art. 13's opening), written with the score after a colon as MTB26 and
  Gacrux write it: ``BH:GP/C1``; without it the event's primary score is used;
- the team ones of art. 13: MPvGP (13.1), the extended Sonneborn-Bergers EMMSB,
  EMGSB, EGMSB, EGGSB (13.2.1-13.2.4; ``ESB`` is the opponents' primary score times
  the secondary score scored), the extended direct encounter EDE (13.3.1) and the
  score and schedule strength combination SSSC (13.4);
- the board tie-breaks of art. 12: board count BC (12.1, lower is better), top board
  result TBR (12.2) and bottom board elimination BBE (12.3).

The rating tie-breaks of art. 10 need a team rating the model does not hold, and
KS is for round robins (art. 9.2): both are refused with the reason. Parsing is
as strict as for individuals (:mod:`engine.tiebreaks.spec`): an unknown code, a
score other than MP or GP, or a modifier the article does not allow is an error
that names the code.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.model.team_tournament import Score
from engine.model.wording import N_, _
from engine.tiebreaks.spec import DEFINITIONS, TieBreak, TieBreakError, parse


@dataclass(frozen=True)
class TeamDefinition:
    """A tie-break defined for teams only (C.07 art. 12-13)."""

    name: str
    article: str
    group: bool = False  # decided inside each tied group (like DE, art. 4.3 type A)
    ascending: bool = False  # lower value ranks higher (BC)
    cuts: bool = False  # Cut-1/Cut-2 allowed (14.1.2 for ESB)
    forfeits: bool = False  # /P allowed
    divisor: bool = False  # /Kn: the normalising factor the regulations set (13.4)
    fore: bool = False  # /F: Fore Buchholz (8.3) instead of Buchholz (13.4)

    @property
    def shown_name(self) -> str:
        """The long name in the reader's language; the short name (the code, C.07's own) stays as written."""
        return _(self.name)


# opponent's score, score scored against the opponent (13.2.1-13.2.4)
ESB_SCORES: dict[str, tuple[Score, Score]] = {
    "EMMSB": (Score.MATCH, Score.MATCH),
    "EMGSB": (Score.MATCH, Score.GAME),
    "EGMSB": (Score.GAME, Score.MATCH),
    "EGGSB": (Score.GAME, Score.GAME),
}

TEAM_DEFINITIONS: dict[str, TeamDefinition] = {
    "MPVGP": TeamDefinition(N_("Match points or game points: the secondary score"), "13.1"),
    "ESB": TeamDefinition(N_("Extended Sonneborn-Berger (primary x secondary)"), "13.2", cuts=True, forfeits=True),
    "EMMSB": TeamDefinition(N_("Extended Sonneborn-Berger, opponent's MP x MP scored"), "13.2.1", cuts=True,
                            forfeits=True),
    "EMGSB": TeamDefinition(N_("Extended Sonneborn-Berger, opponent's MP x GP scored"), "13.2.2", cuts=True,
                            forfeits=True),
    "EGMSB": TeamDefinition(N_("Extended Sonneborn-Berger, opponent's GP x MP scored"), "13.2.3", cuts=True,
                            forfeits=True),
    "EGGSB": TeamDefinition(N_("Extended Sonneborn-Berger, opponent's GP x GP scored"), "13.2.4", cuts=True,
                            forfeits=True),
    "EDE": TeamDefinition(N_("Extended direct encounter"), "13.3.1", group=True, forfeits=True),
    "EDET": TeamDefinition(N_("Extended direct encounter, then top board results"), "13.3.2", group=True,
                           forfeits=True),
    "EDEB": TeamDefinition(N_("Extended direct encounter, then bottom board elimination"), "13.3.2", group=True,
                           forfeits=True),
    "EDEBT": TeamDefinition(N_("Extended direct encounter, then board count and top board results"), "13.3.2",
                            group=True, forfeits=True),
    "EDEBB": TeamDefinition(N_("Extended direct encounter, then board count and bottom board elimination"),
                            "13.3.2", group=True, forfeits=True),
    "SSSC": TeamDefinition(N_("Score and schedule strength combination"), "13.4", forfeits=True, divisor=True,
                           fore=True),
    "BC": TeamDefinition(N_("Board count"), "12.1", ascending=True),
    "TBR": TeamDefinition(N_("Top board result"), "12.2", group=True),
    "BBE": TeamDefinition(N_("Bottom board elimination"), "12.3", group=True),
}

# Individual tie-breaks that count matches (art. 7): computed on the matches, so
# a game-point reference score would mean nothing for them.
_COUNTS_MATCHES = frozenset({"WIN", "WON", "BPG", "BWG", "REP", "STD", "TPN"})
_SCORES = {"MP": Score.MATCH, "GP": Score.GAME}


@dataclass(frozen=True)
class TeamTieBreak:
    """One entry of a team event's ordered list, e.g. ``BH:GP/C1`` or ``EMGSB/C1``.

    ``individual`` is the descriptor of an art. 6-9 tie-break (its modifiers
    included); for a team tie-break it is None and ``cut_low``/``forfeits_played``
    hold the modifiers art. 14 allows it. ``score`` is the reference score written
    after the colon, None for the event's primary score.
    """

    acronym: str
    code: str
    score: Score | None = None
    individual: TieBreak | None = None
    cut_low: int = 0
    forfeits_played: bool = False
    divisor: int | None = None
    fore: bool = False

    @property
    def team(self) -> TeamDefinition | None:
        return TEAM_DEFINITIONS.get(self.acronym)

    @property
    def group(self) -> bool:
        """Decided inside each tied group (DE, EDE, TBR, BBE) rather than once for everybody."""
        if self.team is not None:
            return self.team.group
        return self.acronym == "DE"

    @property
    def ascending(self) -> bool:
        if self.individual is not None:
            return self.individual.ascending
        return self.team is not None and self.team.ascending

    def __str__(self) -> str:
        return self.code


def is_team_code(code: str) -> bool:
    """Whether ``code`` names a tie-break C.07 defines for teams only (art. 12-13)."""
    head = code.strip().upper().split("/")[0].split(":")[0]
    return head in TEAM_DEFINITIONS


def parse_team(code: str) -> TeamTieBreak:
    """One code of a team list: ``BH``, ``BH:GP/C1``, ``EMGSB/C1``, ``EDE/P``, ``MPvGP``, ``BC``."""
    text = code.strip().upper()
    if not text:
        raise TieBreakError(_("empty tie-break code"))
    head, *mods = text.split("/")
    name, _colon, score_text = head.partition(":")
    score: Score | None = None
    if score_text:
        if score_text not in _SCORES:
            raise TieBreakError(_("the score after ':' must be MP or GP (C.07 art. 13): {code}").format(
                code=repr(code.strip())))
        score = _SCORES[score_text]
    if name in TEAM_DEFINITIONS:
        d = TEAM_DEFINITIONS[name]
        if score is not None:
            raise TieBreakError(_("{name} names its scores itself and takes no ':{score}': {code}").format(
                name=name, score=score_text, code=repr(code.strip())))
        cut, forfeits, divisor, fore = 0, False, None, False
        for mod in mods:
            if d.cuts and mod in ("C1", "C2"):
                cut = int(mod[1])
            elif d.forfeits and mod == "P":
                forfeits = True
            elif d.divisor and mod[:1] == "K" and mod[1:].isdigit() and int(mod[1:]) > 0:
                divisor = int(mod[1:])
            elif d.fore and mod == "F":
                fore = True
            else:
                raise TieBreakError(_("{name} does not take /{mod} (C.07 art. 14): {code}").format(
                    name=name, mod=mod, code=repr(code.strip())))
        return TeamTieBreak(name, "/".join([name, *mods]), None, None, cut, forfeits, divisor, fore)
    if name not in DEFINITIONS and name != "GE":
        raise TieBreakError(_("unknown team tie-break {name} in {code}; C.07 defines for teams {defined}").format(
            name=repr(name), code=repr(code.strip()), defined=", ".join([*DEFINITIONS, *TEAM_DEFINITIONS])))
    individual = parse("/".join([name, *mods]))
    d_ind = individual.definition
    if d_ind.rating:
        raise TieBreakError(_("{acronym} needs a team rating, which C.07 does not define for team events (art. 10 "
                              "is for players): {code}").format(acronym=individual.acronym, code=repr(code.strip())))
    if d_ind.round_robin_only:
        raise TieBreakError(_("{acronym} is for round robins only (C.07 art. 9.2): {code}").format(
            acronym=individual.acronym, code=repr(code.strip())))
    if score is Score.GAME and individual.acronym in _COUNTS_MATCHES:
        raise TieBreakError(_("{acronym} counts matches and takes no ':GP': {code}").format(
            acronym=individual.acronym, code=repr(code.strip())))
    shown = individual.acronym + (f":{score_text}" if score_text else "")
    if individual.acronym in _COUNTS_MATCHES:
        score = Score.MATCH  # art. 7 counts rounds, and a team's round is a match, won, drawn or lost
    return TeamTieBreak(individual.acronym, "/".join([shown, *mods]), score, individual)


def parse_team_list(text: str | tuple[str, ...] | list[str]) -> tuple[TeamTieBreak, ...]:
    """A team event's ordered list; ``PTS`` (record 212 starts with it) is the score itself and is skipped."""
    items = text.split(",") if isinstance(text, str) else list(text)
    out = []
    for item in items:
        if item.strip().upper() in ("PTS", "MPTS", "GPTS"):
            continue
        if not item.strip():
            if isinstance(text, str) and text.strip():
                raise TieBreakError(_("empty entry in tie-break list {text}").format(text=repr(text)))
            continue
        out.append(parse_team(item))
    return tuple(out)
