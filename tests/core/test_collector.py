import gc

from click.testing import CliRunner

from hostkit.core.collector import paused_collector


def test_the_collector_is_paused_in_the_block_and_left_as_it_was():
    assert gc.isenabled()
    with paused_collector():
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with paused_collector():
            pass
        assert not gc.isenabled()  # a caller that had it off keeps it off
    finally:
        gc.enable()


def test_a_block_the_process_leaves_with_is_frozen_not_walked_through_again():
    try:
        with paused_collector(leaving=True):
            made = [[n] for n in range(1000)]
        assert gc.isenabled() and gc.get_freeze_count() >= len(made)
    finally:
        gc.unfreeze()


def test_hostkit_run_as_a_program_works_with_the_collector_paused(monkeypatch):
    import hostkit.cli.match as match
    from hostkit.cli import main

    seen = []
    games = next(c for c in match.COMMANDS if c.name == "games")
    monkeypatch.setattr(games, "callback", lambda *args, **kwargs: seen.append(gc.isenabled()))
    try:
        main(["games"], standalone_mode=False)  # as the console script calls it
    finally:
        gc.unfreeze()
    assert seen == [False] and gc.isenabled()
    assert CliRunner().invoke(main, ["games"]).exit_code == 0 and seen == [False, True]  # as a library: untouched
