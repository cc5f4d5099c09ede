"""The CLI reference (docs/cli.md), made from every command's own --help so that it cannot drift:
`python -m hostkit.cli.reference > docs/cli.md`."""

from __future__ import annotations

from collections.abc import Iterator

import click

WIDTH = 100

HEAD = """# CLI reference

Every command's `--help`, as hostkit prints it. [Commands by example](commands.md) shows each command at
work.
"""


def helps(command: click.Command, path: list[str], parent: click.Context | None = None) -> Iterator[tuple[str, str]]:
    settings = {"terminal_width": WIDTH, "max_content_width": WIDTH, **command.context_settings}
    context = click.Context(command, info_name=path[-1], parent=parent, **settings)
    yield " ".join(path), command.get_help(context)
    if isinstance(command, click.Group):
        for name in command.list_commands(context):
            sub = command.get_command(context, name)
            if sub is not None:
                yield from helps(sub, [*path, name], context)


def reference() -> str:
    from hostkit.cli import main

    parts = [HEAD]
    for name, text in helps(main, ["hostkit"]):
        parts.append(f"## `{name}`\n\n```text\n{text.rstrip()}\n```\n")
    return "\n".join(parts)


if __name__ == "__main__":
    click.echo(reference(), nl=False)
