"""Whatever the players' names, every part of a message has its code fences paired and fits Discord."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from hostkit.core.words import chat_block
from hostkit.delivery.split import escaped_names, paste_parts, split

names = st.lists(st.text(alphabet=st.sampled_from("`*_~|[]()<>@#&! \\abcRx0123"), max_size=40), max_size=6)
longs = st.lists(st.text(alphabet=st.sampled_from("`ab\n "), max_size=2500), max_size=3)


def message(players: list[str], extra: list[str]) -> str:
    """A message as a game writes one: names in plain lines, and a code block of them."""
    plain = [f"Winner: {p} with 3" for p in players]
    block = chat_block([f"{p} {i}" for i, p in enumerate(players * 20)])
    return "\n\n".join([*plain, block, *extra])


@given(names, longs)
def test_every_part_has_paired_fences_and_fits(players, extra):
    for part in split(escaped_names(message(players, extra), players)):
        assert len(part) <= 2000 and part.count("```") % 2 == 0


@given(names, longs)
def test_every_pasted_part_is_whole_numbered_and_fits(players, extra):
    parts = paste_parts(message(players, extra), players)
    for i, part in enumerate(parts, 1):
        assert len(part) <= 2000 and part.count("```") % 2 == 0
        assert len(parts) == 1 or part.startswith(f"({i}/{len(parts)})\n")
