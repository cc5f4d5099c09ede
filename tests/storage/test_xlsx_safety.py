"""What an xlsx save keeps and refuses: the host's tabs, other commands, damaged and read-only files."""

import os
import shutil
import stat
import threading
import time
import zipfile

import openpyxl
import pytest
from openpyxl.drawing.image import Image
from PIL import Image as Picture

from hostkit.storage.book import StorageError
from hostkit.storage.xlsx import XlsxBook

SHAPE = (
    "<twoCellAnchor><from><col>5</col><colOff>0</colOff><row>1</row><rowOff>0</rowOff></from><to><col>7</col>"
    '<colOff>0</colOff><row>4</row><rowOff>0</rowOff></to><sp><nvSpPr><cNvPr id="3" name="TextBox 2"/>'
    '<cNvSpPr txBox="1"/></nvSpPr><spPr/></sp><clientData/></twoCellAnchor>'
)


def rewrite(path, part, change):
    """Edit one part of the zip, as a spreadsheet program that wrote it differently would have."""
    with zipfile.ZipFile(path) as archive:
        entries = [(info, archive.read(info.filename)) for info in archive.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for info, content in entries:
            archive.writestr(info, change(content) if info.filename == part else content)


def host_book(path, tmp_path, picture=False):
    """A match tab and the host's own tab with two formulas that Excel has computed (and, if asked, a picture)."""
    XlsxBook(path).create({"Scores": [["Player"], ["Reds"]]})
    wb = openpyxl.load_workbook(path)
    notes = wb.create_sheet("Host notes")
    notes["A1"], notes["A2"], notes["A3"], notes["B1"] = 2, 3, "=SUM(A1:A2)", '=A1&" garnets"'
    if picture:
        Picture.new("RGB", (12, 8), "red").save(tmp_path / "logo.png")
        notes.add_image(Image(tmp_path / "logo.png"), "D2")
    wb.save(path)
    computed = {"A3": "<v>5</v>", "B1": "<v>2 garnets</v>"}

    def compute(xml):
        text = xml.decode().replace("<v></v>", "<v />")  # as openpyxl writes it with lxml and without
        for ref, value in computed.items():
            start = text.index(f'<c r="{ref}"')
            end = text.index("<v />", start)
            text = (
                text[:start]
                + text[start:end].replace(f'<c r="{ref}"', f'<c r="{ref}"' + (' t="str"' if ref == "B1" else ""))
                + value
                + text[end + len("<v />") :]
            )
        return text.encode()

    rewrite(path, "xl/worksheets/sheet2.xml", compute)
    return path


def computed(path, tab):
    return {
        c.coordinate: c.value
        for row in openpyxl.load_workbook(path, data_only=True)[tab].iter_rows()
        for c in row
        if c.value is not None
    }


def test_formula_cells_of_a_host_tab_keep_their_computed_values(tmp_path):
    path = host_book(tmp_path / "b.xlsx", tmp_path)
    assert computed(path, "Host notes") == {"A1": 2, "A2": 3, "A3": 5, "B1": "2 garnets"}
    XlsxBook(path).write({"Scores": [["Player"], ["Craw"]]})
    assert computed(path, "Host notes") == {"A1": 2, "A2": 3, "A3": 5, "B1": "2 garnets"}
    assert openpyxl.load_workbook(path)["Host notes"]["A3"].value == "=SUM(A1:A2)"
    XlsxBook(path).write({"Scores": [["Player"], ["Reds"]]})  # and again, from the values put back
    assert computed(path, "Host notes")["B1"] == "2 garnets"


def test_a_picture_in_a_host_tab_survives_a_save(tmp_path):
    path = host_book(tmp_path / "b.xlsx", tmp_path, picture=True)
    XlsxBook(path).write({"Scores": [["Player"], ["Craw"]]})
    assert len(openpyxl.load_workbook(path)["Host notes"]._images) == 1
    assert any(name.startswith("xl/media/") for name in zipfile.ZipFile(path).namelist())


def test_a_text_box_and_a_picture_in_a_host_tab_are_kept_byte_for_byte(tmp_path):
    path = host_book(tmp_path / "b.xlsx", tmp_path, picture=True)
    rewrite(path, "xl/drawings/drawing1.xml", lambda xml: xml.replace(b"</wsDr>", SHAPE.encode() + b"</wsDr>"))
    before = zipfile.ZipFile(path)
    kept = {
        name: before.read(name)
        for name in before.namelist()
        if name.startswith(("xl/drawings/", "xl/media/")) or name == "xl/worksheets/sheet2.xml"
    }
    XlsxBook(path).write({"Scores": [["Player"], ["Craw"]]})
    after = zipfile.ZipFile(path)
    assert {name: after.read(name) for name in kept} == kept
    assert b"TextBox 2" in after.read("xl/drawings/drawing1.xml")


def test_a_picture_is_kept_even_where_openpyxl_could_not_read_it(tmp_path, monkeypatch):
    path = host_book(tmp_path / "b.xlsx", tmp_path, picture=True)
    from openpyxl.reader import drawings

    monkeypatch.setattr(drawings, "PILImage", False)  # as on a machine without Pillow
    XlsxBook(path).write({"Scores": [["Player"], ["Craw"]]})
    assert any(name.startswith("xl/media/") for name in zipfile.ZipFile(path).namelist())


@pytest.mark.parametrize("damage", ["xml", "zlib"])
def test_a_damaged_part_inside_the_zip_is_one_sentence(tmp_path, damage):
    path = tmp_path / "b.xlsx"
    XlsxBook(path).create({"A": [["x"]]})
    if damage == "xml":
        rewrite(path, "xl/worksheets/sheet1.xml", lambda xml: xml[: len(xml) // 2])
    else:
        data = bytearray(path.read_bytes())
        start = data.index(b"xl/worksheets/sheet1.xml") + len("xl/worksheets/sheet1.xml")
        data[start : start + 40] = b"\xff" * 40
        path.write_bytes(bytes(data))
    with pytest.raises(StorageError, match=r"is (damaged \(a part inside the file cannot be read\)|not a readable)"):
        XlsxBook(path).read()["A"]  # a tab is parsed when it is used


def test_a_read_only_workbook_is_refused_not_replaced(tmp_path):
    path = tmp_path / "b.xlsx"
    XlsxBook(path).create({"A": [["x"]]})
    os.chmod(path, 0o444)
    before = path.read_bytes()
    with pytest.raises(StorageError, match="is read-only, so hostkit left it as it was; make it writable"):
        XlsxBook(path).write({"A": [["y"]]})
    with pytest.raises(StorageError, match="is read-only"):
        XlsxBook(path).create({"A": [["y"]]}, force=True)
    assert path.read_bytes() == before


def test_a_folder_hostkit_cannot_write_in_is_one_sentence(tmp_path, monkeypatch):
    folder = tmp_path / "shared"
    folder.mkdir()
    XlsxBook(folder / "b.xlsx").create({"A": [["x"]]})
    os.chmod(folder, 0o555)
    try:
        book = XlsxBook(folder / "b.xlsx")
        assert book.read() == {"A": [["x"]]}  # reading needs no lock: nobody can write there
        with pytest.raises(StorageError, match=f"hostkit cannot write in the folder {folder} \\(it is read-only\\)"):
            book.write({"A": [["y"]]})
    finally:
        os.chmod(folder, 0o755)
    import tempfile

    def refused(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refused)  # an ACL or a mount the mode bits do not show
    with pytest.raises(StorageError, match="hostkit cannot write in the folder"):
        XlsxBook(folder / "b.xlsx").write({"A": [["y"]]})


def test_copies_left_by_a_killed_save_are_removed_by_the_next_run(tmp_path):
    path = tmp_path / "b.xlsx"
    XlsxBook(path).create({"A": [["x"]]})
    for left in (".b.xlsx.ab12cd_9.tmp", ".b.xlsx.zz99yy00.tmp"):
        shutil.copy(path, tmp_path / left)
    (tmp_path / ".other.xlsx.ab12cd_9.tmp").write_text("another workbook's")
    XlsxBook(path).write({"A": [["y"]]})
    assert sorted(os.listdir(tmp_path)) == [".b.xlsx.hostkit-lock", ".other.xlsx.ab12cd_9.tmp", "b.xlsx"]


def test_a_second_command_waits_then_is_refused_in_one_sentence(tmp_path):
    path = tmp_path / "b.xlsx"
    XlsxBook(path).create({"A": [["x"]]})
    first = XlsxBook(path)
    first.lock()
    failures = []

    def second():
        try:
            XlsxBook(path, wait=0.2).write({"A": [["second"]]})
        except StorageError as error:
            failures.append(str(error))

    started = time.monotonic()
    thread = threading.Thread(target=second)
    thread.start()
    thread.join()
    assert time.monotonic() - started >= 0.2
    assert failures == [f"{path} is being written by another hostkit command; wait for it to finish and try again."]
    first.release()
    XlsxBook(path, wait=0.2).write({"A": [["second"]]})
    assert XlsxBook(path).read() == {"A": [["second"]]}


def test_the_lock_wait_comes_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("HOSTKIT_LOCK_WAIT", "0.1")
    assert XlsxBook(tmp_path / "b.xlsx")._lock.wait == 0.1
    monkeypatch.setenv("HOSTKIT_LOCK_WAIT", "soon")
    with pytest.raises(StorageError, match="HOSTKIT_LOCK_WAIT 'soon' is not a number of seconds"):
        XlsxBook(tmp_path / "b.xlsx")


def test_a_save_refuses_when_the_file_changed_since_it_was_read(tmp_path):
    path = tmp_path / "b.xlsx"
    XlsxBook(path).create({"A": [["x"]], "B": [["host"]]})
    book = XlsxBook(path)
    book.read()
    wb = openpyxl.load_workbook(path)
    wb["B"]["A2"] = "typed in Excel meanwhile"
    wb.save(path)
    with pytest.raises(StorageError, match="changed after hostkit read it .* so nothing was written; run the"):
        book.write({"A": [["y"]]})
    assert XlsxBook(path).read()["B"] == [["host"], ["typed in Excel meanwhile"]]
    assert book.relock() is True  # and after reading it afresh the save goes through
    book.read()
    book.write({"A": [["y"]]})
    book.release()
    assert XlsxBook(path).read() == {"A": [["y"]], "B": [["host"], ["typed in Excel meanwhile"]]}


def test_the_lock_file_is_hidden_beside_the_workbook(tmp_path):
    XlsxBook(tmp_path / "b.xlsx").create({"A": [["x"]]})
    lock = tmp_path / ".b.xlsx.hostkit-lock"
    assert lock.exists() and not stat.S_ISDIR(lock.stat().st_mode)


@pytest.mark.parametrize("kind", ["folder", "link"])
def test_a_lock_path_that_is_a_folder_or_a_link_is_one_sentence(tmp_path, kind):
    path = tmp_path / "b.xlsx"
    XlsxBook(path).create({"Scores": [["Player"]]})
    lock = tmp_path / ".b.xlsx.hostkit-lock"
    lock.unlink()  # left in place by the command that made the workbook
    if kind == "folder":
        lock.mkdir()
    else:
        lock.symlink_to(tmp_path / "elsewhere")
    before = path.read_bytes()
    with pytest.raises(StorageError, match=rf"lock file .* is a {kind} .*delete \.b\.xlsx\.hostkit-lock"):
        XlsxBook(path).write({"Scores": [["Player"], ["Ann"]]})
    assert path.read_bytes() == before and not (tmp_path / "elsewhere").exists()


def test_a_reader_that_panics_on_a_damaged_part_is_one_sentence(tmp_path, monkeypatch):
    """Older python-calamine releases panic on some damaged parts: pyo3's PanicException, a BaseException."""
    import python_calamine

    PanicException = type("PanicException", (BaseException,), {})

    def panics(self, *args, **kwargs):
        raise PanicException("index out of bounds: the len is 0 but the index is 0")

    path = tmp_path / "b.xlsx"
    XlsxBook(path).create({"A": [["x"]]})
    monkeypatch.setattr(python_calamine.CalamineSheet, "to_python", panics)
    with pytest.raises(StorageError, match=r"is damaged \(a part inside the file cannot be read\)"):
        XlsxBook(path).read()["A"]


def test_ctrl_c_while_a_tab_is_read_is_not_called_damage(tmp_path, monkeypatch):
    import python_calamine

    def interrupted(self, *args, **kwargs):
        raise KeyboardInterrupt

    path = tmp_path / "b.xlsx"
    XlsxBook(path).create({"A": [["x"]]})
    monkeypatch.setattr(python_calamine.CalamineSheet, "to_python", interrupted)
    with pytest.raises(KeyboardInterrupt):
        XlsxBook(path).read()["A"]
