"""The CLI reference (docs/cli.md), made from every command's own options and help so that it cannot drift:
`python -m hostkit.cli.reference > docs/cli.md`.

Each part is rendered here from what the commands declare (names, metavars, defaults, help sentences), not
taken from click's own --help layout, which changes between click releases: the page is the same whichever
click renders it."""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterator

import click

WIDTH = 100

HEAD = """# CLI reference

Every command with its options, as `hostkit COMMAND --help` describes them. [Commands by example](commands.md)
shows each command at work.
"""


def helps(command: click.Command, path: list[str], parent: click.Context | None = None) -> Iterator[tuple[str, str]]:
    """Each command's path and its help text, the group first, then its commands in name order."""
    context = click.Context(command, info_name=path[-1], parent=parent, **command.context_settings)
    yield " ".join(path), render(command, context, path)
    if isinstance(command, click.Group):
        for name in command.list_commands(context):
            sub = command.get_command(context, name)
            if sub is not None:
                yield from helps(sub, [*path, name], context)


def render(command: click.Command, context: click.Context, path: list[str]) -> str:
    formatter = click.HelpFormatter(width=WIDTH, max_width=WIDTH)
    formatter.write_usage(" ".join(path), " ".join(usage_pieces(command)))
    text = inspect.cleandoc(command.help or "").partition("\f")[0]
    if text:
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(text)
    records = [option_record(p) for p in command.params if isinstance(p, click.Option) and not p.hidden]
    records.append((", ".join(context.help_option_names), "Show this message and exit."))
    with formatter.section("Options"):
        formatter.write_dl(records)
    if isinstance(command, click.Group):
        names = command.list_commands(context)
        with formatter.section("Commands"):
            formatter.write_dl([(name, short_help(command, context, name)) for name in names])
    return formatter.getvalue()


def usage_pieces(command: click.Command) -> list[str]:
    pieces = ["[OPTIONS]"]
    for argument in (p for p in command.params if isinstance(p, click.Argument)):
        name = (argument.metavar or argument.name or "").upper()
        name += "..." if argument.nargs == -1 else ""
        pieces.append(name if argument.required else f"[{name}]")
    if isinstance(command, click.Group):
        pieces.append("COMMAND [ARGS]...")
    return pieces


def option_record(option: click.Option) -> tuple[str, str]:
    names = ", ".join(option.opts)
    if option.secondary_opts:
        names += " / " + ", ".join(option.secondary_opts)
    if not option.is_flag and not option.count:
        names += f" {metavar(option)}"
    extras = []
    if option.show_default and not option.is_flag and _declared_default(option) is not None:
        extras.append(f"default: {_declared_default(option)}")
    if isinstance(option.type, click.types._NumberRangeBase):
        extras.append(_range(option.type))
    if option.required:
        extras.append("required")
    help_text = inspect.cleandoc(option.help or "")
    return names, f"{help_text}  [{'; '.join(extras)}]" if extras else help_text


def metavar(option: click.Option) -> str:
    if option.metavar:
        return option.metavar
    kind = option.type
    if isinstance(kind, click.Choice):
        return "[" + "|".join(str(c) for c in kind.choices) + "]"
    if isinstance(kind, click.types._NumberRangeBase):
        return "INTEGER" if isinstance(kind, click.IntRange) else "FLOAT"
    return kind.name.upper()


def short_help(group: click.Group, context: click.Context, name: str) -> str:
    """A command's one line in its group's list: its short_help, else its help's first sentence."""
    listed = group.format_commands.__qualname__ != click.Group.format_commands.__qualname__
    if listed:  # hostkit's own group lists its commands without importing them
        from hostkit.cli import SHARED

        if name in SHARED:
            return SHARED[name][1]
        return f"The {name} game's own commands."
    sub = group.get_command(context, name)
    if sub is None:
        return ""
    if sub.short_help:
        return sub.short_help
    first = inspect.cleandoc(sub.help or "").partition("\f")[0].split("\n\n")[0]
    return re.split(r"(?<=\.)\s", " ".join(first.split()), maxsplit=1)[0]


def _declared_default(option: click.Option) -> object:
    default = option.default
    if callable(default) or default is None or type(default).__name__ in ("Sentinel", "_Unset"):
        return None
    if isinstance(default, (list, tuple)):
        return ", ".join(str(d) for d in default) or None
    return default


def _range(kind: click.types._NumberRangeBase) -> str:
    low = "" if kind.min is None else f"{kind.min}{'<' if kind.min_open else '<='}"
    high = "" if kind.max is None else f"{'<' if kind.max_open else '<='}{kind.max}"
    if low and high:
        return f"{low}x{high}"
    if low:
        return f"x{'>' if kind.min_open else '>='}{kind.min}"
    return f"x{high}"


def reference() -> str:
    from hostkit.cli import main

    parts = [HEAD]
    for name, text in helps(main, ["hostkit"]):
        parts.append(f"## `{name}`\n\n```text\n{text.rstrip()}\n```\n")
    return "\n".join(parts)


if __name__ == "__main__":
    click.echo(reference(), nl=False)
