"""Each game's own steps as commands (`hostkit open-pass best`, `hostkit cards-on-the-table reveal`): made from
the verbs the game declares, each calling the library once and printing its report."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from hostkit.cli.delivering import send_options
from hostkit.cli.options import as_json_text, book_options, json_option, match_of, show
from hostkit.core.verbs import Option, Verb
from hostkit.errors import Refused


def group(name: str) -> click.Group:
    """`hostkit <game>`: the game's own commands."""
    from hostkit.games import game_verbs

    verbs = game_verbs(name)
    assert verbs is not None
    commands = click.Group(name, help=verbs.help)
    for verb in verbs.verbs:
        commands.add_command(command(name, verb))
    return commands


def command(owner: str, verb: Verb) -> click.Command:
    def run(**params: Any) -> None:
        as_json = params.pop("as_json", False)
        book = params.pop("book", None)
        try:
            if verb.book:
                report = match_of(book, season=params.pop("ledger_path", None)).run(owner, verb.name, **params)
            else:
                from hostkit.library._match import run_verb

                report = run_verb(owner, verb.name, **params)
        except Refused as refused:
            if as_json and refused.data is not None:
                click.echo(as_json_text(dict(refused.data)))
            raise
        show(book, report, as_json, show_private=False)

    decorators: list[Callable] = []
    if verb.book:
        decorators.append(book_options)
    decorators += [_option(option) for option in verb.options]
    if verb.spends:
        decorators.append(
            click.option(
                "--ledger",
                "ledger_path",
                type=click.Path(dir_okay=False),
                help="Spend from this season workbook's Ledger tab instead of the match workbook's own.",
            )
        )
    if verb.sends:
        decorators.append(send_options)
    if verb.json:
        decorators.append(json_option)
    for decorate in reversed(decorators):
        run = decorate(run)
    return click.command(verb.name, help=verb.help, context_settings=dict(verb.context))(run)


def _option(option: Option) -> Callable:
    if option.kind == "words":
        return click.argument(option.name, nargs=-1, required=option.required)
    kinds: dict[str, Any] = {
        "text": {},
        "flag": {"is_flag": True},
        "choice": {"type": click.Choice(option.choices), "show_default": option.default is not None},
        "number": {"type": click.IntRange(option.low, option.high)},
    }
    extra = {"default": option.default} if option.default is not None else {}
    return click.option(
        *option.flags, option.name, required=option.required, help=option.help, **kinds[option.kind], **extra
    )
