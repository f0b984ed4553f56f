"""The Dutch pair weight: one exact integer whose bit fields encode [C1]-[C21] in their order of priority.

From the most significant field down: completion and the PAB ([C1]-[C5]),
pairs and scores in this bracket ([C6]-[C7]) and in the next one ([C8]), the
PAB's unplayed rounds ([C9]), colours ([C10]-[C13]), floats ([C14]-[C21]), and
room at the bottom for the generation order of art. 4. A field is wide enough
to count every pair that can set it, so no lower field can ever outweigh a
higher one and a maximum-weight matching is the best candidate by art. 3.8.
The layout follows the reference engine (bbpPairings v6).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from functools import cached_property

from engine.model.terms import Float
from engine.model.tournament import Colour, Tournament
from engine.systems.brackets import PlayerView, topscorer_threshold

# (preference, absolute, strong, imbalance, repeated): what the colour criteria read of a player
ColourFacts = tuple[Colour, bool, bool, int, Colour]


def bits(count: int) -> int:
    """Bits needed to write ``count`` (the width of a counting field)."""
    return count.bit_length()


@dataclass
class RoundWeights:
    """Fixed data of the round being paired: players in art. 1.2 order and the field widths."""

    t: Tournament
    players: list[PlayerView]
    group_bits: int  # width of a per-bracket counting field
    score_shift: dict[Decimal, int]  # start bit of each score's slot in a score field
    score_bits: int  # width of a score field
    topscore: Decimal | None
    bye_score: Decimal = Decimal(0)
    c9_active: bool = False
    played_rank: dict[int, int] = field(default_factory=dict)
    forbidden: frozenset[frozenset[int]] = frozenset()
    _colours: dict[int, ColourFacts] = field(default_factory=dict)
    _bye_weights: dict[int, int] = field(default_factory=dict)

    @classmethod
    def for_round(cls, t: Tournament, players: list[PlayerView]) -> RoundWeights:
        """The field widths of the round: one slot per score in a score field, the lowest score lowest.

        Each slot is wide enough to count the players of its score, so a sum of
        one-bit units per pair never carries into the next slot, and comparing
        two score fields compares the paired players' scores from the highest
        down.
        """
        counts: dict[Decimal, int] = {}
        for p in players:
            counts[p.score] = counts.get(p.score, 0) + 1
        shift: dict[Decimal, int] = {}
        total = 0
        for score in sorted(counts):
            shift[score] = total
            total += bits(counts[score])
        return cls(t, players, bits(max(counts.values())), shift, total, topscorer_threshold(t))

    def __post_init__(self) -> None:
        # forbidden pairs (C.04.2, TRF 260/XXP) asked once per pair that could be concerned
        ids = {p.id for p in self.players}
        named = sorted({i for f in self.t.settings.forbidden for i in f.players if i in ids})
        pairs = set()
        for i, a in enumerate(named):
            for b in named[i + 1:]:
                if self.t.is_forbidden(a, b):
                    pairs.add(frozenset((a, b)))
        self.forbidden = frozenset(pairs)

    def compatible(self, a: PlayerView, b: PlayerView) -> bool:
        """[C1] no rematch, forbidden pairs, [C3] absolute preferences (topscorers exempt in the last round)."""
        if b.id in a.opponents or (self.forbidden and frozenset((a.id, b.id)) in self.forbidden):
            return False
        ca, cb = a.colours, b.colours
        if not (ca.absolute and cb.absolute and ca.preference is cb.preference):
            return True
        top = self.topscore
        return top is not None and (a.score > top or b.score > top)

    def compat_rows(self) -> list[bytearray]:
        """``rows[i][j]`` is 1 when players ``i`` and ``j`` (art. 1.2 order) may meet: :meth:`compatible` for every pair.

        Built from the few pairs that may not meet (rematches, forbidden pairs,
        two absolute preferences for the same colour) instead of asking every
        pair, which would cost a call per pair at every round.
        """
        players = self.players
        n = len(players)
        index = {p.id: i for i, p in enumerate(players)}
        rows = [bytearray(b"\x01") * n for _ in range(n)]
        for i, p in enumerate(players):
            row = rows[i]
            row[i] = 0
            for o in p.opponents:  # [C1] no rematch
                j = index.get(o)
                if j is not None:
                    row[j] = 0
                    rows[j][i] = 0
        for pair in self.forbidden:
            a, b = (index[x] for x in pair)
            rows[a][b] = rows[b][a] = 0
        # [C3] two absolute preferences for the same colour, unless a topscorer is involved
        top = self.topscore
        groups: dict[Colour, list[int]] = {}
        for i, p in enumerate(players):
            c = p.colours
            if c.absolute and not (top is not None and p.score > top):
                groups.setdefault(c.preference, []).append(i)
        for members in groups.values():
            for i in members:
                row = rows[i]
                for j in members:
                    row[j] = 0
        return rows

    def bye_candidate(self, p: PlayerView) -> bool:
        """[C2] eligible and [C5] at or below the lowest PAB score reachable."""
        return p.pab_eligible and p.score <= self.bye_score

    def _colour_facts(self, p: PlayerView) -> ColourFacts:
        """(preference, absolute, strong, imbalance, repeated) of ``p``, read once per round."""
        facts = self._colours.get(p.id)
        if facts is None:
            c = p.colours
            facts = (c.preference, c.absolute, c.strong, c.imbalance, c.repeated)
            self._colours[p.id] = facts
        return facts

    def class_ids(self, players: list[PlayerView]) -> list[int]:
        """A number per player, equal for players :meth:`weight` cannot tell apart.

        The class holds everything :meth:`weight` reads of a player besides
        whether the two may meet, so two players of one class weigh the same
        against anybody: a bracket computes one weight per pair of classes (a
        few dozen in a scoregroup of hundreds) instead of one per pair of players.
        """
        classes: dict[tuple[Decimal, bool, int, Float, Float, ColourFacts], int] = {}
        return [classes.setdefault((p.score, p.pab_eligible, p.played_games, p.float1, p.float2,
                                    self._colour_facts(p)), len(classes)) for p in players]

    def weight(self, h: PlayerView, l: PlayerView, in_current: bool, in_next: bool,
               may_meet: bool | None = None) -> int:
        """The weight of pairing ``h`` with ``l`` (``h`` ranked higher), 0 when they may not meet.

        ``in_current``: ``l`` belongs to the scoregroup of the bracket being
        paired (so the pair is formed in this bracket); ``in_next``: ``l``
        belongs to the following scoregroup (the pair would be formed there).
        ``may_meet``: :meth:`compatible` when the caller already knows it.
        """
        if not (self.compatible(h, l) if may_meet is None else may_meet):
            return 0
        gb = self.group_bits
        sb = self.score_bits
        shift = self.score_shift
        played = self.t.rounds_played
        # Each field is opened by shifting ``w`` left by its width, which leaves it zero: ``| x``
        # then writes ``x`` into it, and ``1 << shift[s]`` is one unit in the slot of score ``s``.
        # [C1]-[C4] completion, [C2]/[C5] PAB: one per pair, one more per paired non-candidate
        w = 1 + (not self.bye_candidate(h)) + (not self.bye_candidate(l))
        # [C6] pairs in this bracket
        w = (w << gb) | in_current
        # [C7] scores of the paired players: a unit in the slot of the pair's higher score
        # (the downfloaters' scores are what is left)
        w <<= sb
        if in_current:
            w |= 1 << shift[h.score]
        # [C8] the same two fields for the next bracket
        w = (w << gb) | in_next
        w <<= sb
        if in_next:
            w |= 1 << shift[h.score]
        # [C9] the fewest unplayed games for the PAB: who played fewer games ranks higher (played_rank),
        # so pairing them weighs more and the PAB goes to a player who played most
        w <<= 2 * gb
        if self.c9_active:
            if h.score == self.bye_score:
                w += self.played_rank[h.played_games]
            if l.score == self.bye_score:
                w += self.played_rank[l.played_games]
        if not in_current:
            # every field below is about pairs formed in this bracket: all zero
            return w << self.below_c9
        # [C10]-[C13] colours (pairs formed in this bracket only)
        a_pref, a_abs, a_strong, a_imb, a_rep = self._colour_facts(l)
        b_pref, b_abs, b_strong, b_imb, b_rep = self._colour_facts(h)
        same = a_pref is b_pref
        # [C10] no colour difference beyond +-2 (only topscorers can get here); a bool is 0 or 1
        w = (w << gb) | (a_imb <= 1 or b_imb <= 1 or not same)
        # [C11] no third colour in a row
        if not a_abs or not b_abs or not same:
            c11 = True
        elif a_imb == b_imb:
            c11 = a_rep is Colour.NONE or a_rep is not b_rep
        else:
            c11 = (b_rep if a_imb > b_imb else a_rep) is not a_pref.opposite
        w = (w << gb) | c11
        # [C12] both colour preferences granted
        w = (w << gb) | (not same or a_pref is Colour.NONE)
        # [C13] no strong preference overruled (two absolute ones belong to C10/C11)
        weak_a = not a_strong and not a_abs
        weak_b = not b_strong and not b_abs
        w = (w << gb) | (weak_a or weak_b or (a_abs and b_abs) or not same)
        if played >= 1:
            w = self._float_fields(w, h, l)
        # room for the generation order (art. 4), left zero: exchanges, BSN differences, partners
        return w << (3 * gb + 1)

    def _float_fields(self, w: int, h: PlayerView, l: PlayerView) -> int:
        """``w`` followed by the float fields [C14]-[C21] of a pair formed in this bracket (a round played).

        The count fields add one per player concerned (``+=`` of a bool), the
        score fields one unit in the slot of the score concerned; a field
        fulfilled by the pair is set, so the matching maximises the fulfilled
        criteria. The r-2 fields exist from the third round on.
        """
        gb, sb, shift = self.group_bits, self.score_bits, self.score_shift
        two_back = self.t.rounds_played >= 2
        # [C14] resident downfloaters who downfloated in r-1 (h counts when it is a resident too)
        w <<= gb
        w += l.float1 is Float.DOWN
        w += h.score <= l.score and h.float1 is Float.DOWN
        # [C15] MDP opponents who upfloated in r-1
        w <<= gb
        w |= not (h.score > l.score and l.float1 is Float.UP)
        if two_back:
            # [C16], [C17]: the same for r-2
            w <<= gb
            w += l.float2 is Float.DOWN
            w += h.score <= l.score and h.float2 is Float.DOWN
            w <<= gb
            w |= not (h.score > l.score and l.float2 is Float.UP)
        # [C18] scores of repeated downfloaters (r-1), [C19] of opponents of repeated upfloaters
        w <<= sb
        if l.float1 is Float.DOWN:
            w += 1 << shift[l.score]
        if h.float1 is Float.DOWN:
            w += 1 << shift[h.score]
        w <<= sb
        if not (l.float1 is Float.UP and h.score > l.score):
            w |= 1 << shift[h.score]
        if two_back:
            # [C20], [C21]: the same for r-2
            w <<= sb
            if l.float2 is Float.DOWN:
                w += 1 << shift[l.score]
            if h.float2 is Float.DOWN:
                w += 1 << shift[h.score]
            w <<= sb
            if not (l.float2 is Float.UP and h.score > l.score):
                w |= 1 << shift[h.score]
        return w

    @cached_property
    def below_c9(self) -> int:
        """Width of the fields below [C9] (colours, floats, room for the generation order)."""
        gb, sb, played = self.group_bits, self.score_bits, self.t.rounds_played
        width = 4 * gb + 3 * gb + 1
        if played >= 1:
            width += 2 * gb + 2 * sb
        if played >= 2:
            width += 2 * gb + 2 * sb
        return width

    def next_bracket_gain(self, score: Decimal) -> int:
        """What a pair gains when formed in the next bracket instead of below the brackets in hand.

        ``weight(h, l, False, True) - weight(h, l, False, False)`` for ``h``
        scoring ``score``: the [C8] fields, one pair and one unit in the slot
        of ``score``; nothing else differs (tests check it on real
        tournaments). The bracket uses it to keep the duals of the next
        scoregroup in step with its weights.
        """
        gb, sb = self.group_bits, self.score_bits
        return ((1 << sb) | (1 << self.score_shift[score])) << (2 * gb + self.below_c9)

    def outside_parts(self) -> tuple[int, list[int]]:
        """``(base, part)`` with ``weight(h, l, False, False) == base + part[h] + part[l]`` for compatible pairs.

        Only the [C1]-[C5] completion field and the [C9] field are set for a pair
        formed below the brackets in hand, each the sum of one term per player;
        every other field of :meth:`weight` is gated by ``in_current`` or
        ``in_next`` (tests check the identity on real tournaments).
        """
        gb, sb = self.group_bits, self.score_bits
        below_c9 = self.below_c9
        below_c1 = below_c9 + 4 * gb + 2 * sb
        part = []
        for p in self.players:
            c9 = self.played_rank[p.played_games] if self.c9_active and p.score == self.bye_score else 0
            part.append(((not self.bye_candidate(p)) << below_c1) + (c9 << below_c9))
        return 1 << below_c1, part

    def bye_parts(self) -> tuple[int, int, list[int]]:
        """``(low, base, part)`` of the round's first matching with an odd number of players: where the PAB lands.

        Those weights hold three fields only: completion and [C2] (one per pair,
        one more per paired player not eligible for the PAB), then the sum of
        the two players' score-slot start bits (larger for higher scores: the
        matching maximises the sum over the paired players, so the one left for
        the PAB has the lowest score it can, [C5]), then one bit for a pair
        inside the top scoregroup (:meth:`bye_pair_in_top_group`). Below the
        top scoregroup (from vertex ``low`` on) that bit is 0 and a weight is
        ``base + part[u] + part[v]``, which lets the solver thin those edges out.
        """
        gb, sb, players = self.group_bits, self.score_bits, self.players
        top_score = players[0].score
        low = next((v for v in range(len(players)) if players[v].score < top_score), len(players))
        pab_shift = sb + gb  # the completion field sits above the score sum and the top-group bit
        part = [((not p.pab_eligible) << pab_shift) + (self.score_shift[p.score] << gb) for p in players]
        return low, 1 << pab_shift, part

    def bye_pair_in_top_group(self, i: int, j: int) -> int:
        """The weight :meth:`bye_parts` describes, for two vertices ``j < i`` of the top scoregroup."""
        lo, hi = self.players[i], self.players[j]
        shift = self.score_shift
        w = 1 + (not lo.pab_eligible) + (not hi.pab_eligible)
        w = ((w << self.score_bits) | (shift[lo.score] + shift[hi.score])) << self.group_bits
        w |= lo.score >= self.players[0].score  # a pair inside the top scoregroup
        # Few values, many pairs (in round 1 every pair of the field): one object per value, not per pair.
        return self._bye_weights.setdefault(w, w)
