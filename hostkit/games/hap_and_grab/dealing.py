"""Dealing a round of Hap and Grab's Part 2: the treasure deck (its recipe, and whether it holds the longest
game), each player's peeks and the reveal pile, drawn from the match's one shuffled deck."""

from __future__ import annotations

import datetime as dt

from hostkit.core.game import Context, Outcome
from hostkit.core.rng import rng
from hostkit.core.settings import CONFIG_TAB
from hostkit.core.tables import BookError, Problem, Tables
from hostkit.core.times import format_time
from hostkit.core.words import plural, spans
from hostkit.games.hap_and_grab.deck_size import longest_game, most_anti_haps
from hostkit.games.hap_and_grab.parts import Part1
from hostkit.games.hap_and_grab.render import deal_messages
from hostkit.games.hap_and_grab.tabs import (
    DRAWS_TAB,
    PEEKS_TAB,
    PILE_TAB,
    decision_records,
    peeks_rows,
    pile_rows,
    read_board,
    read_piles,
    record_draw,
)
from hostkit.games.hap_and_grab.tobago import Deal, Dealt, DeckRecipe, deal, shuffled_deck


def deck_recipe(ctx: Context) -> DeckRecipe:
    c = ctx.config
    each = c["each_of_3_to_6"]
    if each is None:
        each = longest_game({}, c["rounds"], c["board_max_cards"]).least_each(c["skulls"], c["sevens"])
    return DeckRecipe(c["skulls"], c["sevens"], each)


def treasure_deck(ctx: Context) -> tuple[DeckRecipe, tuple]:
    recipe = deck_recipe(ctx)
    return recipe, shuffled_deck(recipe, rng(ctx.config["seed"], "deck"))


def deck_too_small(tables: Tables, ctx: Context) -> str | None:
    """Why the treasure deck cannot hold the longest possible game on the match's boards, or None."""
    c = ctx.config
    boards = {n: read_board(tables, n)[0] for n in range(1, c["rounds"] + 1)}
    longest = longest_game(
        {n: len(b.anti_haps()) for n, b in boards.items() if b.cards}, c["rounds"], c["board_max_cards"]
    )
    recipe = deck_recipe(ctx)
    if longest.fits(recipe):
        return None
    rounds = ", ".join(f"round {n}: {cards}" for n, cards in longest.cards.items())
    undrawn = list(longest.undrawn)
    undrawn_text = (
        f"; {'round' if len(undrawn) == 1 else 'rounds'} {spans(undrawn)} "
        f"{'has' if len(undrawn) == 1 else 'have'} no board yet, counted as a board of "
        f"{c['board_max_cards']} cards at its fullest, {most_anti_haps(c['board_max_cards'])} "
        f"anti-haps"
        if undrawn
        else ""
    )
    return (
        f"The treasure deck ({recipe.describe()}) is smaller than the longest possible game, in which "
        f"every anti-hap is found: it takes {longest.total} cards ({rounds}{undrawn_text}), and round 1 takes "
        f"only 3 to 6. Set each_of_3_to_6 in Config to at least "
        f"{longest.least_each(c['skulls'], c['sevens'])}, or leave it blank, before round 1 is dealt."
    )


def deal_round(
    tables: Tables, ctx: Context, part: Part1, outcome: Outcome, round_number: int, now: dt.datetime, force: bool
) -> Outcome:
    """Deal round N's peeks and 3 unseen cards into the reveal pile, from the match's one shuffled deck, once
    its Part 1 (`part`, judged into `outcome`) has closed."""
    _check_closed(ctx, part, round_number, now)
    order = part.turns.order
    if not order:
        outcome.summary.append(f"Round {round_number}: nobody earned a turn, so there is nothing to deal.")
        return outcome
    piles = read_piles(tables)
    too_small = deck_too_small(tables, ctx)
    if too_small and not piles:
        raise BookError(too_small)
    if too_small:
        outcome.problems.append(Problem(CONFIG_TAB, None, too_small))
    recipe, deck = treasure_deck(ctx)
    used = [d.position for n, pile in piles.items() if n < round_number for d in pile]
    dealt = deal(deck, used, order, round_number, rng(ctx.config["seed"], "pile", round_number))
    _check_again(tables, piles, dealt, round_number, force)
    if dealt.short:
        outcome.problems.append(
            Problem(
                PILE_TAB,
                None,
                (
                    f"round {round_number}: the treasure deck ran out {plural(dealt.short, 'card')} short; the pile "
                    f"holds {plural(len(dealt.pile), 'card')}. Raise the deck counts in Config before the match starts "
                    f"next time."
                ),
            )
        )
    _write_deal(tables, ctx, recipe, dealt, round_number, outcome)
    return outcome


def _check_closed(ctx: Context, part: Part1, round_number: int, now: dt.datetime) -> None:
    """BookError while round N's Part 1 is open, or when a player lost it (so it has no Part 2)."""
    if now < part.closes:
        raise BookError(
            f"Round {round_number}'s Part 1 is still open until "
            f"{format_time(part.closes, ctx.config.tz)}: the turn order is not final yet. Deal "
            f"after that."
        )
    if part.turns.losers():
        raise BookError(
            f"Round {round_number} has no Part 2: "
            + "; ".join(f"{p} {part.turns.loss_reason(p)}" for p in part.turns.losers())
            + ". Run `hostkit standings`."
        )


def _check_again(tables: Tables, piles: dict[int, list[Dealt]], dealt: Deal, round_number: int, force: bool) -> None:
    """BookError when dealing round N (again) would deal a later round's cards twice, or once its reveals have
    started (unless force)."""
    if piles.get(round_number) != list(dealt.pile):
        later = sorted(n for n in piles if n > round_number)
        if later:
            raise BookError(
                f"Round {later[0]} is already dealt from the deck after round {round_number}'s "
                f"cards; dealing round {round_number} differently now would deal some cards twice."
            )
    records, _ = decision_records(tables, round_number)
    if records and round_number in piles and not force:
        raise BookError(
            f"Round {round_number}'s reveals have started (Decisions rows "
            f"{', '.join(str(r.row) for r in records)}); its peeks are in the {PEEKS_TAB} tab. "
            f"Pass --force to deal it again anyway."
        )


def _write_deal(
    tables: Tables, ctx: Context, recipe: DeckRecipe, dealt: Deal, round_number: int, outcome: Outcome
) -> None:
    """The deal's host-only tabs, its draw recorded, each player's peeks to send, and the lines saying so."""
    outcome.writes[PEEKS_TAB] = peeks_rows(tables, dealt)
    outcome.writes[PILE_TAB] = pile_rows(tables, dealt)
    seed = ctx.config["seed"]
    positions = sorted(d.position for d in dealt.pile)
    held = (
        f", {plural(dealt.skipped, 'seven or skull', 'sevens and skulls')} held back for later rounds"
        if dealt.skipped
        else ""
    )
    outcome.writes[DRAWS_TAB] = record_draw(
        tables,
        [
            "deal",
            round_number,
            f"{seed}:deck; {seed}:pile:{round_number}",
            f"deck of {recipe.describe()}; this round took deck cards {spans(positions)}{held}; "
            f"pile of {len(dealt.pile)} shuffled (cards in {PILE_TAB}, peeks in {PEEKS_TAB})",
        ],
    )
    outcome.private = deal_messages(dealt, ctx)
    order = dealt.order
    outcome.summary.append(
        f"Round {round_number} dealt: a reveal pile of {plural(len(dealt.pile), 'card')} ({len(order)} peeked, "
        f"{len(dealt.pile) - len(order)} unseen), seeds {seed}:deck and {seed}:pile:{round_number}. The cards "
        f"are in the host-only tabs {PEEKS_TAB} and {PILE_TAB}: never share them. Next: "
        f"`hostkit play --round {round_number}`."
    )
    outcome.data = {
        "round": round_number,
        "turn_order": list(order),
        "peeks": {p: [t.value for t in dealt.peeks(p)] for p in ctx.roster.names},
        "pile_size": len(dealt.pile),
        "seed": f"{seed}:deck; {seed}:pile:{round_number}",
    }
