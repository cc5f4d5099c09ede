"""Cards drawn as pictures: what a card shows, and a grid of them drawn as a PNG.

Game-neutral: a game turns its cards into `Picture`s; this module knows shapes, patterns and colours only.
The same pictures as spreadsheet cells are in hostkit.core.glyphs.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache, partial
from typing import TYPE_CHECKING

from hostkit.core.picture import COLOURS as COLOURS
from hostkit.core.picture import EMPTY as EMPTY
from hostkit.core.picture import RGB as RGB
from hostkit.core.picture import Pattern as Pattern
from hostkit.core.picture import Picture as Picture
from hostkit.core.picture import Shape as Shape
from hostkit.core.picture import hex_code as hex_code
from hostkit.core.picture import rgb as rgb

if TYPE_CHECKING:  # Pillow is imported by the functions that draw: a command that draws nothing never loads it
    from PIL import Image, ImageDraw, ImageFont

SCALE = 3  # drawn this many times larger, then shrunk: smooth edges without an anti-aliasing renderer
TILE = 120 * SCALE
GAP = 14 * SCALE
MARGIN = 20 * SCALE
LINE = 2 * SCALE
PAGE: RGB = (241, 243, 245)
TEXT: RGB = (33, 37, 41)
EDGE: RGB = (134, 142, 150)
LABEL_SIZE = 28 * SCALE
TITLE_SIZE = 30 * SCALE


FALLBACK_FONTS = ("DejaVuSans.ttf", "Arial.ttf", "Helvetica.ttc")


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    """Pillow's own font, so every machine draws the same letters; before Pillow 10.1, a common system font."""
    from PIL import ImageFont

    try:
        default = ImageFont.load_default(size=size)
        if isinstance(default, ImageFont.FreeTypeFont):
            return default
    except TypeError:
        pass
    for name in FALLBACK_FONTS:
        try:
            return ImageFont.truetype(name, size)
        except (OSError, ImportError):
            continue
    raise RuntimeError(f"drawing cards needs Pillow 10.1 or later, or one of the fonts {', '.join(FALLBACK_FONTS)}")


def ink(behind: RGB) -> RGB:
    """Dark or light, whichever stands out on `behind`."""
    r, g, b = behind
    return TEXT if 0.299 * r + 0.587 * g + 0.114 * b > 140 else (248, 249, 250)


def _text_width(text: str, size: int) -> int:
    from PIL import Image, ImageDraw

    left, _, right, _ = ImageDraw.Draw(Image.new("L", (1, 1))).textbbox((0, 0), text, font=font(size))
    return int(right - left)


@dataclass(frozen=True)
class _Layout:
    """Where things go, in drawing pixels (SCALE times the PNG's)."""

    rows: int
    columns: int
    title_height: int
    head_height: int  # column labels
    side_width: int  # row labels
    label_height: int  # each card's own label, under it

    @property
    def pitch_x(self) -> int:
        return TILE + GAP

    @property
    def pitch_y(self) -> int:
        return TILE + self.label_height + GAP

    @property
    def size(self) -> tuple[int, int]:
        width = 2 * MARGIN + self.side_width + self.columns * self.pitch_x - GAP
        height = 2 * MARGIN + self.title_height + self.head_height + self.rows * self.pitch_y - GAP
        return (width, height)

    def tile(self, row: int, column: int) -> tuple[int, int]:
        x = MARGIN + self.side_width + column * self.pitch_x
        return (x, MARGIN + self.title_height + self.head_height + row * self.pitch_y)


def draw_grid(
    cells: Sequence[Sequence[Picture | None]],
    *,
    row_labels: Sequence[str] = (),
    column_labels: Sequence[str] = (),
    title: str | None = None,
) -> bytes:
    """Rows of card pictures (None: no card there) as a PNG, row labels at the left, column labels on top."""
    from PIL import Image, ImageDraw

    columns = max((len(row) for row in cells), default=0)
    if not cells or not columns:
        raise ValueError("a grid needs at least one cell")
    if row_labels and len(row_labels) != len(cells):
        raise ValueError(f"{len(row_labels)} row labels for {len(cells)} rows")
    if column_labels and len(column_labels) != columns:
        raise ValueError(f"{len(column_labels)} column labels for {columns} columns")
    layout = _Layout(
        rows=len(cells),
        columns=columns,
        title_height=int(TITLE_SIZE * 1.6) if title else 0,
        head_height=int(LABEL_SIZE * 1.5) if column_labels else 0,
        side_width=max((_text_width(s, LABEL_SIZE) for s in row_labels), default=-GAP) + GAP,
        label_height=int(LABEL_SIZE * 1.4) if any(p and p.label for row in cells for p in row) else 0,
    )
    image = Image.new("RGB", layout.size, PAGE)
    draw = ImageDraw.Draw(image)
    if title:
        draw.text((layout.size[0] // 2, MARGIN), title, anchor="mt", **_bold(TITLE_SIZE))
    _draw_headings(draw, layout, row_labels, column_labels)
    for r, row in enumerate(cells):
        for c, picture in enumerate(row):
            x, y = layout.tile(r, c)
            image.paste(_tile(picture), (x, y))
            if picture and picture.label:
                where = (x + TILE // 2, y + TILE + LABEL_SIZE // 4)
                draw.text(where, picture.label, fill=TEXT, font=font(LABEL_SIZE), anchor="mt")
    return _png(image.resize((layout.size[0] // SCALE, layout.size[1] // SCALE), Image.Resampling.BOX))


def _bold(size: int) -> dict:
    """Pillow's font has no bold face: a thin stroke of the text's own colour thickens it."""
    return {"fill": TEXT, "font": font(size), "stroke_width": SCALE // 2, "stroke_fill": TEXT}


def _draw_headings(draw: ImageDraw.ImageDraw, layout: _Layout, rows: Sequence[str], columns: Sequence[str]) -> None:
    bold = _bold(LABEL_SIZE)
    for c, text in enumerate(columns):
        x, y = layout.tile(0, c)
        draw.text((x + TILE // 2, y - GAP // 2), text, anchor="md", **bold)
    for r, text in enumerate(rows):
        x, y = layout.tile(r, 0)
        draw.text((x - GAP, y + TILE // 2), text, anchor="rm", **bold)


SIGNATURE = b"tEXtSoftware\x00hostkit"
"""The text chunk every PNG hostkit draws carries: a later --image may replace such a file, and no other."""


def _png(image: Image.Image) -> bytes:
    from PIL.PngImagePlugin import PngInfo

    info = PngInfo()
    info.add_text("Software", "hostkit")
    out = io.BytesIO()
    image.save(out, format="PNG", pnginfo=info)
    return out.getvalue()


def is_hostkit_png(data: bytes) -> bool:
    """Whether a file's bytes are a PNG that hostkit drew."""
    return data.startswith(b"\x89PNG\r\n\x1a\n") and SIGNATURE in data[:4096]


def _tile(picture: Picture | None) -> Image.Image:
    from PIL import Image, ImageDraw

    tile = Image.new("RGB", (TILE, TILE), PAGE)
    draw = ImageDraw.Draw(tile)
    box = (LINE // 2, LINE // 2, TILE - 1 - LINE // 2, TILE - 1 - LINE // 2)
    if picture is None:
        draw.rounded_rectangle(box, radius=TILE // 10, fill=EMPTY)
        return tile
    draw.rounded_rectangle(box, radius=TILE // 10, fill=rgb(picture.background), outline=EDGE, width=LINE)
    mark_size, mark_rows = _mark_rows(picture.marks)
    top, bottom = TILE * 0.08, _marks_top(mark_rows, mark_size) - TILE * 0.04
    centre_y, size = (top + bottom) / 2, min(TILE * 0.58, bottom - top)
    if picture.shape is Shape.NUMBER:
        _draw_number(tile, picture, (TILE / 2, centre_y), size)
    elif picture.shape is not None:
        _draw_shape(tile, picture, (TILE / 2, centre_y), size)
        if picture.text:
            behind = picture.colour if picture.pattern is Pattern.SOLID else picture.background
            type_ = font(int(size * 0.45))
            draw.text((TILE / 2, centre_y), picture.text, fill=ink(rgb(behind)), font=type_, anchor="mm")
    if picture.edges:
        _draw_edges(draw, picture)
    if picture.marks:
        _draw_marks(draw, mark_size, mark_rows, rgb(picture.background))
    return tile


OPTICAL_SIZE = {Shape.SQUARE: 0.85, Shape.STAR: 1.12}  # so that shapes of one size look alike in size


def _outline(kind: Shape, centre: tuple[float, float], size: float, points: int) -> list[tuple[float, float]]:
    """The shape's corners, fitted and centred in a size x size box (a circle as many corners)."""
    if kind is Shape.CIRCLE:
        corners = [_polar(i * 360 / 96, 1) for i in range(96)]
    elif kind is Shape.SQUARE:
        corners = [(-1, -1), (1, -1), (1, 1), (-1, 1)]
    elif kind is Shape.TRIANGLE:
        corners = [_polar(-90 + i * 120, 1) for i in range(3)]
    else:
        inner = 0.38 + 0.03 * min(points, 6)
        corners = [_polar(-90 + i * 180 / points, 1 if i % 2 == 0 else inner) for i in range(2 * points)]
    return _fit(corners, centre, size * OPTICAL_SIZE.get(kind, 1.0))


def _polar(degrees: float, radius: float) -> tuple[float, float]:
    return (radius * math.cos(math.radians(degrees)), radius * math.sin(math.radians(degrees)))


def _fit(corners: list[tuple[float, float]], centre: tuple[float, float], size: float) -> list[tuple[float, float]]:
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    scale = size / max(max(xs) - min(xs), max(ys) - min(ys))
    mid_x, mid_y = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    return [(centre[0] + (x - mid_x) * scale, centre[1] + (y - mid_y) * scale) for x, y in corners]


def _draw_shape(tile: Image.Image, picture: Picture, centre: tuple[float, float], size: float) -> None:
    """Solid: filled. Hollow: a ring of the colour. Striped: the ring with stripes inside.

    Every edge gets a thin line in ink, so a colour close to the background still shows.
    """
    from PIL import Image, ImageChops, ImageDraw

    assert picture.shape is not None
    corners = _outline(picture.shape, centre, size, picture.points)
    colour, line = rgb(picture.colour), ink(rgb(picture.background))
    draw = ImageDraw.Draw(tile)
    if picture.pattern is Pattern.SOLID:
        draw.polygon(corners, fill=colour)
        draw.polygon(corners, outline=line, width=LINE)
        return
    ring = int(size * 0.08)
    if picture.pattern is Pattern.STRIPED:
        mask = Image.new("L", tile.size, 0)
        ImageDraw.Draw(mask).polygon(corners, fill=255)
        tile.paste(colour, mask=ImageChops.multiply(mask, _stripes(tile.size, int(size / 7))))
    # Pillow draws wide outlines inside the shape: ink band, then the coloured ring over its outer part
    draw.polygon(corners, outline=line, width=ring + LINE)
    draw.polygon(corners, outline=colour, width=ring)
    draw.polygon(corners, outline=line, width=LINE)


@lru_cache(maxsize=8)
def _stripes(size: tuple[int, int], period: int) -> Image.Image:
    from PIL import Image, ImageDraw

    stripes = Image.new("L", size, 0)
    draw = ImageDraw.Draw(stripes)
    for y in range(0, size[1], period):
        draw.rectangle((0, y, size[0], y + period * 2 // 5), fill=255)
    return stripes


def _draw_number(tile: Image.Image, picture: Picture, centre: tuple[float, float], size: float) -> None:
    from PIL import Image, ImageChops, ImageDraw

    colour, line, back = rgb(picture.colour), ink(rgb(picture.background)), rgb(picture.background)
    text = partial(ImageDraw.Draw(tile).text, centre, picture.text, font=font(int(size * 1.1)), anchor="mm")
    if picture.pattern is Pattern.SOLID:
        text(fill=colour, stroke_width=LINE, stroke_fill=line)
        return
    ring = max(LINE, int(size * 0.05))
    text(fill=back, stroke_width=ring + LINE, stroke_fill=line)
    text(fill=back, stroke_width=ring, stroke_fill=colour)
    if picture.pattern is Pattern.STRIPED:
        mask = Image.new("L", tile.size, 0)
        ImageDraw.Draw(mask).text(centre, picture.text, fill=255, font=font(int(size * 1.1)), anchor="mm")
        tile.paste(colour, mask=ImageChops.multiply(mask, _stripes(tile.size, int(size / 7))))


def _draw_edges(draw: ImageDraw.ImageDraw, picture: Picture) -> None:
    """Up, right, down, left: a small triangle at the middle of each edge, pointing out of the tile."""
    assert picture.edges is not None
    line = ink(rgb(picture.background))
    half, depth, inset = TILE * 0.13, TILE * 0.12, TILE * 0.045
    for degrees, colour in zip((-90, 0, 90, 180), picture.edges):
        (ax, ay), (px, py) = _polar(degrees, 1), _polar(degrees + 90, 1)
        tip = (TILE / 2 + ax * (TILE / 2 - inset), TILE / 2 + ay * (TILE / 2 - inset))
        base = (tip[0] - ax * depth, tip[1] - ay * depth)
        corners = [tip, (base[0] + px * half, base[1] + py * half), (base[0] - px * half, base[1] - py * half)]
        draw.polygon(corners, fill=rgb(colour), outline=line, width=LINE)


MARK_SIZES = (int(TILE * 0.19), int(TILE * 0.16), int(TILE * 0.13))


def _mark_rows(marks: tuple[str, ...]) -> tuple[int, list[list[str]]]:
    """The largest letters that fit the marks on one row across the tile; the smallest, wrapped, if none do."""
    for size in MARK_SIZES:
        rows: list[list[str]] = []
        for mark in marks:
            if not rows or _row_width(rows[-1] + [mark], size) > TILE * 0.92:
                rows.append([])
            rows[-1].append(mark)
        if len(rows) <= 1:
            break
    return size, rows


def _mark_box(size: int) -> tuple[int, int]:
    """A mark's padding and height."""
    return size // 4, int(size * 1.3)


def _marks_top(rows: list[list[str]], size: int) -> float:
    pad, height = _mark_box(size)
    return TILE * 0.95 - len(rows) * (height + pad) + pad if rows else TILE * 0.96


def _draw_marks(draw: ImageDraw.ImageDraw, size: int, rows: list[list[str]], background: RGB) -> None:
    """Each mark in a pill that stands out on the tile, the rows centred along the bottom of the tile."""
    pad, height = _mark_box(size)
    pill = ink(background)
    top = _marks_top(rows, size)
    for row in rows:
        x = (TILE - _row_width(row, size)) / 2
        for mark in row:
            width = _text_width(mark, size) + 2 * pad
            draw.rounded_rectangle((x, top, x + width, top + height), radius=height // 2, fill=pill)
            draw.text((x + width / 2, top + height / 2), mark, fill=ink(pill), font=font(size), anchor="mm")
            x += width + pad
        top += height + pad


def _row_width(marks: list[str], size: int) -> int:
    pad, _ = _mark_box(size)
    return sum(_text_width(m, size) + 2 * pad for m in marks) + pad * (len(marks) - 1)
