"""A host saving the workbook while a long `score` runs: is the save ever lost?

    python benchmarks/timed_saves.py [ROWS]

Sixteen runs of `hostkit score` on a workbook of ROWS submission rows (default 20,000). In each, the "host"
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


def main_(rows: int) -> int:
    import score_10k

    from hostkit.storage.xlsx import XlsxBook

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        fresh = folder / "fresh.xlsx"
        score_10k.build(fresh, rows)
        work = folder / "work.xlsx"
        shutil.copyfile(fresh, work)
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "hostkit", "score", "--book", str(work), "--round", "1"], check=False)
        duration = time.perf_counter() - start
        print(f"score of {rows:,} rows takes {duration:.2f} s; 16 host saves spread over it")
        lost = refused = after = 0
        for i in range(16):
            shutil.copyfile(fresh, work)
            host = folder / "host.xlsx"
            shutil.copyfile(fresh, host)
            XlsxBook(host).write({"Host notes": [[f"host save {i}"]]})
            process = subprocess.Popen(
                [sys.executable, "-m", "hostkit", "score", "--book", str(work), "--round", "1"],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                text=True,
            )
            time.sleep(duration * (i + 0.5) / 16)
            os.replace(host, work)  # the host's save lands
            _, err = process.communicate()
            tabs = XlsxBook(work).read()
            kept = "Host notes" in tabs and tabs["Host notes"] == [[f"host save {i}"]]
            if not kept:
                lost += 1
            elif process.returncode == 2 and "changed while" in err:
                refused += 1
            else:
                after += 1
        print(f"host saves lost: {lost} of 16 (kept: {refused} by refusing to write, {after} written after)")
    return 0


if __name__ == "__main__":
    sys.exit(main_(int(sys.argv[1]) if len(sys.argv) > 1 else 20_000))
