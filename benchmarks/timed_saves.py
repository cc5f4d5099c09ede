"""A host saving the workbook while a long `score` runs: is the save ever lost?

    python benchmarks/timed_saves.py [ROWS [RUNS]]

RUNS (default sixteen) runs of `hostkit score` on a workbook of ROWS submission rows (default 20,000). In each, the "host"
saves the workbook once (an edited copy put in place, as a spreadsheet program saves), at a moment spread
over the command's run, from its start to its end. A save is kept when the workbook afterwards still holds
the host's edit (hostkit refused and said to run again, or wrote after it); lost otherwise.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))


def host_save(source: Path, target: Path, note: str) -> None:
    """The workbook as the host's spreadsheet program saves it, with a note of theirs in a tab of its own."""
    import openpyxl

    book = openpyxl.load_workbook(source)
    book.create_sheet("Host notes").append([note])
    book.save(target)


def host_note(path: Path) -> object:
    import openpyxl

    book = openpyxl.load_workbook(path, read_only=True)
    return book["Host notes"]["A1"].value if "Host notes" in book.sheetnames else None


def main_(rows: int, runs: int = 16) -> int:
    from workbooks import hap_and_grab_round

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        fresh = folder / "fresh.xlsx"
        hap_and_grab_round(fresh, rows)
        work = folder / "work.xlsx"
        shutil.copyfile(fresh, work)
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "hostkit", "score", "--book", str(work), "--round", "1"], check=False)
        duration = time.perf_counter() - start
        print(f"score of {rows:,} rows takes {duration:.2f} s; {runs} host saves spread over it")
        lost = refused = after = 0
        for i in range(runs):
            shutil.copyfile(fresh, work)
            host = folder / "host.xlsx"
            host_save(fresh, host, f"host save {i}")
            process = subprocess.Popen(
                [sys.executable, "-m", "hostkit", "score", "--book", str(work), "--round", "1"],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                text=True,
            )
            time.sleep(duration * (i + 0.5) / runs)
            os.replace(host, work)  # the host's save lands
            _, err = process.communicate()
            kept = host_note(work) == f"host save {i}"
            if not kept:
                lost += 1
            elif process.returncode == 2 and "changed while" in err:
                refused += 1
            else:
                after += 1
        print(f"host saves lost: {lost} of {runs} (kept: {refused} by refusing to write, {after} written after)")
    return 0


if __name__ == "__main__":
    sys.exit(main_(*(int(a) for a in sys.argv[1:3])) if len(sys.argv) > 1 else main_(20_000))
