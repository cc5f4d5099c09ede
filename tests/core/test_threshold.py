import pytest

from hostkit.core.threshold import threshold


@pytest.mark.parametrize(
    "figures, winners",
    [
        ([6, 4, 3, 3], ["p0", "p1"]),
        ([4, 4, 4, 4], []),
        ([5, 5, 5, 1], []),
        ([7, 5, 5], ["p0"]),
        ([], []),
    ],
)
def test_rulings_examples_with_threshold_3(figures, winners):
    award = threshold({f"p{i}": f for i, f in enumerate(figures)}, 3)
    assert list(award.winners) == winners


def test_reason_names_winners_and_the_group_that_stopped_the_award():
    award = threshold({"Ann": 6, "Bo": 4, "Cy": 3, "Di": 3}, 3, what="a point")
    assert award.reason == (
        "Threshold 3: Ann, Bo win a point; the next group (Cy, Di with 3) would make 4 players, not fewer than 3."
    )


def test_reason_when_nobody_wins():
    award = threshold({"Ann": 4, "Bo": 4, "Cy": 4}, 3)
    assert award.winners == ()
    assert award.reason.startswith("Threshold 3: nobody wins")
