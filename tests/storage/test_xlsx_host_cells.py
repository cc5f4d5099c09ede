"""What the host adds to a tab hostkit rewrites, and the package parts around it, survive every write."""

import zipfile

import openpyxl
from openpyxl.drawing.image import Image as XlImage
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.table import Table
from PIL import Image

from hostkit.storage.xlsx import XlsxBook
from hostkit.storage.xlsx_parts import Package


def parts(path):
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def rewrite(path, name, change):
    old = parts(path)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for part, data in old.items():
            archive.writestr(part, change(data) if part == name else data)


def scores_book(path):
    XlsxBook(path).create({"Scores": [["Player", "Score"], ["Ann", 3], ["Bo", 5]], "Notes": [["mine"]]})
    return path


def test_a_hosts_extra_columns_keep_their_values_formulas_and_widths(tmp_path):
    path = scores_book(tmp_path / "b.xlsx")
    wb = openpyxl.load_workbook(path)
    ws = wb["Scores"]
    ws["D1"], ws["D2"], ws["D3"], ws["E7"] = "Doubled", "=B2*2", "=B3*2", "a note far below"
    ws.column_dimensions["D"].width = 31
    wb.save(path)
    XlsxBook(path).write({"Scores": [["Player", "Score"], ["Ann", 4], ["Bo", 6], ["Cy", 1]]})
    ws = openpyxl.load_workbook(path)["Scores"]
    assert [ws[c].value for c in ("A4", "B4", "D1", "D2", "D3", "E7")] == [
        "Cy",
        1,
        "Doubled",
        "=B2*2",
        "=B3*2",
        "a note far below",
    ]
    assert ws.column_dimensions["D"].width == 31
    workbook = parts(path)["xl/workbook.xml"]
    assert b'fullCalcOnLoad="1"' in workbook  # the doubled scores are recalculated on open


def test_a_formula_in_hostkits_own_column_stays_while_hostkit_writes_back_its_value(tmp_path):
    path = tmp_path / "b.xlsx"
    XlsxBook(path).create({"Ledger": [["Player", "Garnets"], ["Ann", 5], ["Bo", 1]]})
    wb = openpyxl.load_workbook(path)
    wb["Ledger"]["B2"] = "=2+3"
    wb.save(path)
    rewrite(path, "xl/worksheets/sheet1.xml", lambda x: x.replace(b"<f>2+3</f><v></v>", b"<f>2+3</f><v>5</v>"))
    rows = [list(r) for r in XlsxBook(path).read()["Ledger"]]
    assert rows[1] == ["Ann", 5]  # read as its computed value
    XlsxBook(path).write({"Ledger": [*rows, ["Cy", 2]]})
    ws = openpyxl.load_workbook(path)["Ledger"]
    assert ws["B2"].value == "=2+3" and ws["A4"].value == "Cy"
    XlsxBook(path).write({"Ledger": [["Player", "Garnets"], ["Ann", 7]]})  # a value hostkit changed is its own
    assert openpyxl.load_workbook(path)["Ledger"]["B2"].value == 7


def test_a_picture_on_a_rewritten_tab_stays(tmp_path):
    path = scores_book(tmp_path / "b.xlsx")
    wb = openpyxl.load_workbook(path)
    Image.new("RGB", (20, 10), "red").save(tmp_path / "pic.png")
    wb["Scores"].add_image(XlImage(str(tmp_path / "pic.png")), "F2")
    wb.save(path)
    XlsxBook(path).write({"Scores": [["Player", "Score"], ["Ann", 9]]})
    assert len(openpyxl.load_workbook(path)["Scores"]._images) == 1


def test_a_table_that_only_a_replaced_tab_used_is_dropped_with_its_type(tmp_path):
    path = scores_book(tmp_path / "b.xlsx")
    wb = openpyxl.load_workbook(path)
    wb["Scores"].add_table(Table(displayName="Results", ref="A1:B3"))
    wb.save(path)
    assert any("tables/" in p for p in parts(path))
    XlsxBook(path).write({"Scores": [["Player", "Score"], ["Ann", 9]]})
    after = parts(path)
    assert not any("tables/" in p for p in after) and b"table+xml" not in after["[Content_Types].xml"]
    openpyxl.load_workbook(path)


def test_a_name_scoped_to_a_tab_follows_it_when_tabs_are_reordered(tmp_path):
    path = tmp_path / "b.xlsx"
    XlsxBook(path).create({"Notes": [["mine"]], "Submissions": [["Player"], ["Ann"]]})
    wb = openpyxl.load_workbook(path)
    wb["Notes"].defined_names.add(DefinedName("_xlnm.Print_Area", attr_text="Notes!$A$1:$A$5"))
    wb["Submissions"].defined_names.add(DefinedName("picked", attr_text="Submissions!$A$2"))
    wb.save(path)
    XlsxBook(path).write({"Leaderboard": [["Player"], ["Ann"]]}, order=lambda names: ["Leaderboard"])
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames[0] == "Leaderboard"
    assert wb["Notes"].print_area == "'Notes'!$A$1:$A$5" and "picked" in wb["Submissions"].defined_names
    assert not wb["Leaderboard"].print_area


def test_a_workbook_xml_with_single_quotes_and_another_encoding_is_understood(tmp_path):
    path = scores_book(tmp_path / "b.xlsx")

    def recode(xml):
        text = xml.decode("utf-8").replace('"', "'").replace("encoding='UTF-8'", "encoding='UTF-16'")
        return text.encode("utf-16")

    rewrite(path, "xl/workbook.xml", recode)
    XlsxBook(path).write({"Scores": [["Player", "Score"], ["Ann", 1]], "Round 2": [["Player"]]})
    package = Package.read(path)
    assert [e.name for e in package.sheets()] == ["Scores", "Notes", "Round 2"]
    assert openpyxl.load_workbook(path).sheetnames == ["Scores", "Notes", "Round 2"]


def test_a_sheet_part_that_is_not_xml_is_one_sentence(tmp_path):
    path = scores_book(tmp_path / "b.xlsx")
    rewrite(path, "xl/workbook.xml", lambda x: x[:-30])
    from hostkit.storage.book import StorageError

    try:
        XlsxBook(path).write({"Scores": [["x"]]})
    except StorageError as error:
        assert "is damaged" in str(error)
    else:
        raise AssertionError("a broken workbook.xml was written over")


def test_a_formula_saved_without_its_value_reads_as_uncalculated_and_stays_a_formula(tmp_path):
    from hostkit.storage.xlsx_formulas import UNCALCULATED

    path = scores_book(tmp_path / "b.xlsx")
    wb = openpyxl.load_workbook(path)  # openpyxl saves formulas without computing them
    wb["Scores"]["B2"] = "=1+2"
    wb["Notes"]["A2"] = "=Scores!B2*2"
    wb.save(path)
    tabs = XlsxBook(path).read()
    assert tabs["Scores"][1] == ["Ann", UNCALCULATED] and tabs["Notes"][1] == [UNCALCULATED]
    XlsxBook(path).write({"Scores": [list(r) for r in tabs["Scores"]]})
    assert openpyxl.load_workbook(path)["Scores"]["B2"].value == "=1+2"


class _Unseekable:
    """A stream zipfile cannot seek back in: it writes each entry's sizes in a data descriptor after it."""

    def __init__(self):
        self.data = bytearray()

    def write(self, chunk):
        self.data += chunk
        return len(chunk)

    def tell(self):
        return len(self.data)

    def flush(self):
        pass


def test_parts_nothing_changed_are_copied_as_stored_whatever_wrote_the_zip(tmp_path):
    path = scores_book(tmp_path / "b.xlsx")
    stream = _Unseekable()
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(stream, "w", zipfile.ZIP_DEFLATED) as target:
        for name in source.namelist():
            with target.open(name, "w") as part:
                part.write(source.read(name))
    path.write_bytes(bytes(stream.data))
    with zipfile.ZipFile(path) as archive:
        assert all(info.flag_bits & 0x08 for info in archive.infolist())  # sizes after the data
        notes_stored = archive.getinfo("xl/worksheets/sheet2.xml").compress_size
    XlsxBook(path).write({"Scores": [["Player", "Score"], ["Ann", 9]]})
    with zipfile.ZipFile(path) as archive:
        assert archive.testzip() is None
        assert archive.getinfo("xl/worksheets/sheet2.xml").compress_size == notes_stored  # not inflated again
    wb = openpyxl.load_workbook(path)
    assert wb["Notes"]["A1"].value == "mine" and wb["Scores"]["B2"].value == 9


def pieces(xml: bytes, at: int) -> list[bytes]:
    return [xml[:at], xml[at:]]


HEAD = b'<?xml version="1.0"?><worksheet xmlns="m"><dimension ref="A1:B3"/><sheetData>'


def test_the_host_content_check_reads_a_tab_in_pieces_and_misses_no_tag_split_between_them():
    from hostkit.storage.xlsx_keep import has_host_content

    plain = HEAD + b'<row r="1"><c r="A1"><v>1</v></c></row>' * 50 + b"</sheetData></worksheet>"
    assert not has_host_content(pieces(plain, 300), 2)
    assert not has_host_content([], 2)  # a tab added empty
    assert has_host_content([plain], 1)  # its dimension reaches past hostkit's one column
    formula = plain.replace(b'<c r="A1"><v>1</v>', b'<c r="A1"><f>B1*2</f><v>1</v>', 1)
    split = formula.index(b"<f>") + 2
    assert has_host_content(pieces(formula, split), 2)  # "<f" in one piece, ">" in the next
    drawing = plain.replace(b"</worksheet>", b'<drawing r:id="rId1"/></worksheet>')
    assert has_host_content(pieces(drawing, drawing.index(b"<drawing") + 4), 2)
    prefixed = formula.replace(b"<", b"<x:").replace(b"<x:/", b"</x:").replace(b"<x:?xml", b"<?xml")
    later = prefixed.index(b"<x:f>") - 5
    assert prefixed.find(b"<x:f>", 0, later) == -1 and has_host_content(pieces(prefixed, later), 2)


def test_a_tab_hostkit_wrote_and_nobody_touched_is_not_searched_again(tmp_path, monkeypatch):
    import hostkit.storage.xlsx_parts as xlsx_parts
    from hostkit.storage.xlsx_deflate import is_own

    book = XlsxBook(scores_book(tmp_path / "b.xlsx"))
    with zipfile.ZipFile(book.path) as archive:
        info = archive.getinfo("xl/worksheets/sheet1.xml")
        assert is_own(info.comment, info.CRC)
    searched = []
    real = xlsx_parts.has_host_content
    monkeypatch.setattr(xlsx_parts, "has_host_content", lambda pieces, width: searched.append(1) or real(pieces, width))
    book.write({"Scores": [["Player", "Score"], ["Ann", 4]]})
    assert searched == []


def test_a_tab_changed_under_hostkits_mark_is_searched_and_the_hosts_cell_kept(tmp_path):
    path = scores_book(tmp_path / "b.xlsx")
    old = parts(path)
    with zipfile.ZipFile(path) as archive:
        infos = archive.infolist()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:  # a tool that keeps each entry's comment
        for info in infos:
            data = old[info.filename]
            if info.filename == "xl/worksheets/sheet1.xml":
                data = data.replace(b"</row>", b'<c r="D1" t="inlineStr"><is><t>host note</t></is></c></row>', 1)
                data = data.replace(b'ref="A1:B3"', b'ref="A1:D3"')
            archive.writestr(info, data)
    XlsxBook(path).write({"Scores": [["Player", "Score"], ["Ann", 4]]})
    assert openpyxl.load_workbook(path)["Scores"]["D1"].value == "host note"
