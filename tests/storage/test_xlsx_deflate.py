import threading
import zipfile
import zlib

import openpyxl
import pytest

import hostkit.storage.xlsx_deflate as xlsx_deflate
from hostkit.storage.xlsx import XlsxBook
from hostkit.storage.xlsx_deflate import deflated, is_own, marked, own_mark


@pytest.fixture
def small_segments(monkeypatch):
    monkeypatch.setattr(xlsx_deflate, "SEGMENT", 100)


def rows_xml(values):
    return [f"<row><c><v>{v}</v></c></row>" for v in values]


def text(part):
    return zlib.decompress(part.data, -15).decode()


def test_a_part_is_compressed_in_segments_that_decode_as_one_stream(small_segments):
    pieces = rows_xml(range(200))
    part = deflated(pieces)
    assert text(part) == "".join(pieces)
    assert part.crc == zlib.crc32("".join(pieces).encode()) and part.size == len("".join(pieces))
    assert len(part.segments) > 10 and sum(s.size for s in part.segments) == part.size
    assert part.head(10) == b"<row><c><v"


def test_an_empty_part_is_one_empty_segment():
    part = deflated([])
    assert text(part) == "" and len(part.segments) == 1


def test_writing_a_part_again_takes_the_unchanged_segments_from_the_earlier_one(small_segments, monkeypatch):
    earlier = deflated(rows_xml(range(200)))
    again = deflated(rows_xml(range(200)), earlier)
    assert again == earlier  # the same bytes, segment for segment

    changed = rows_xml(range(200))
    changed[100] = "<row><c><v>X99</v></c></row>"  # the same length: later segments stay where they were
    compressed = []
    real = zlib.compressobj

    def counting(*args):
        squeeze = real(*args)

        class Counted:
            def compress(self, data):
                compressed.append(data)
                return squeeze.compress(data)

            def flush(self, *mode):
                return squeeze.flush(*mode)

        return Counted()

    monkeypatch.setattr(zlib, "compressobj", counting)
    part = deflated(changed, earlier)
    assert text(part) == "".join(changed)  # the reused segments and the new one decode as one stream
    assert [b"X99" in data for data in compressed] == [True]  # only the changed segment was compressed
    assert part.crc == zlib.crc32("".join(changed).encode())


def test_a_part_grown_at_the_front_reuses_nothing_and_still_decodes(small_segments):
    earlier = deflated(rows_xml(range(200)))
    grown = ["<row/>", *rows_xml(range(200))]
    part = deflated(grown, earlier)
    assert text(part) == "".join(grown)


def test_the_mark_names_the_crc_and_lists_the_segments_for_a_later_save(small_segments):
    part = deflated(rows_xml(range(200)))
    mark = own_mark(part)
    assert mark.startswith(b"hostkit own %08x " % part.crc) and is_own(mark, part.crc)
    assert not is_own(mark, part.crc ^ 1)
    assert marked(mark, part.crc, part.data) == part
    assert is_own(b"hostkit own %08x" % part.crc, part.crc)  # a mark of an earlier version: own, no segments
    assert marked(b"hostkit own %08x" % part.crc, part.crc, part.data) is None


def test_a_tab_compressed_anew_by_another_tool_is_not_taken_apart_by_its_old_segments(small_segments):
    part = deflated(rows_xml(range(200)))
    recompressed = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = recompressed.compress("".join(rows_xml(range(200))).encode()) + recompressed.flush()
    assert marked(own_mark(part), part.crc, data) is None  # same CRC, other bytes


def test_a_tab_with_more_segments_than_a_mark_holds_is_marked_without_them(monkeypatch):
    monkeypatch.setattr(xlsx_deflate, "SEGMENT", 1)
    part = deflated(rows_xml(range(3000)))
    assert own_mark(part) == b"hostkit own %08x" % part.crc


def test_a_re_score_that_changes_one_row_writes_it_and_keeps_the_rest(tmp_path, small_segments):
    path = tmp_path / "b.xlsx"
    rows = [["Name", "Score"]] + [[f"Player {i}", i] for i in range(300)]
    XlsxBook(path).create({"Results": rows})
    rows[150] = ["Player 149", 1000]
    XlsxBook(path).write({"Results": rows})
    with zipfile.ZipFile(path) as archive:
        info = archive.getinfo("xl/worksheets/sheet1.xml")
        assert archive.testzip() is None and is_own(info.comment, info.CRC)
    values = [[c.value for c in row] for row in openpyxl.load_workbook(path)["Results"].iter_rows()]
    assert values == rows


@pytest.fixture
def compressing_threads(monkeypatch):
    """The names of the threads that compressed each segment, in order."""
    names = []
    compress = xlsx_deflate._Squeezer._compress

    def recorded(self, at, data):
        names.append(threading.current_thread().name)
        compress(self, at, data)

    monkeypatch.setattr(xlsx_deflate._Squeezer, "_compress", recorded)
    return names


def _deflate_threads():
    return [t for t in threading.enumerate() if t.name == "hostkit-deflate"]


def test_segments_compressed_on_a_thread_are_the_bytes_compressed_one_after_another(
    small_segments, compressing_threads, monkeypatch
):
    pieces = rows_xml(range(2000))
    part = deflated(pieces)
    assert set(compressing_threads) == {"hostkit-deflate"} and not _deflate_threads()
    monkeypatch.setattr(xlsx_deflate._Squeezer, "_start", lambda self: None)  # every segment on the caller's
    assert deflated(pieces) == part and text(part) == "".join(pieces)


def test_a_part_of_one_segment_is_compressed_without_a_thread(compressing_threads):
    part = deflated(rows_xml(range(20)))
    assert compressing_threads == ["MainThread"] and text(part) == "".join(rows_xml(range(20)))


def test_a_failure_to_compress_on_the_thread_is_raised_to_the_caller(small_segments, monkeypatch):
    compress = xlsx_deflate._Squeezer._compress

    def failing(self, at, data):
        if at == 3:
            raise zlib.error("out of memory")
        compress(self, at, data)

    monkeypatch.setattr(xlsx_deflate._Squeezer, "_compress", failing)
    with pytest.raises(zlib.error, match="out of memory"):
        deflated(rows_xml(range(2000)))
    assert not _deflate_threads()


def test_a_failure_to_write_the_pieces_stops_the_thread(small_segments):
    def pieces():
        yield from rows_xml(range(1000))
        raise ValueError("aware datetimes are written as local text by the rules core")

    with pytest.raises(ValueError, match="aware"):
        deflated(pieces())
    assert not _deflate_threads()
