import gc

import click
from click.testing import CliRunner

from hostkit.cli.options import guarded
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


def test_a_guarded_command_works_with_the_collector_paused():
    seen = []

    @click.command()
    @guarded
    def command() -> None:
        seen.append(gc.isenabled())

    assert CliRunner().invoke(command).exit_code == 0
    assert seen == [False] and gc.isenabled()
