"""The engine's Python standard library, trimmed to the files it imports: assets/pyodide/python_stdlib.zip.

Pyodide's python_stdlib.zip (2.55 MB) holds the whole library; the engine imports 144 of its 614 files.
scripts/build/stdlib-keep.txt lists them: not written by hand but derived by running the engine inside
Pyodide as the worker boots it (scripts/stdlib_imports.mjs: the wheel unpacked, bridge.py, every resolver's
describe, odds and resolve, bad inputs, a memory snapshot, a Python error raised into JS) and keeping every
file a loaded module came from. tests/test_trimmed_stdlib.py runs the same calls on the built, trimmed zip and
compares every answer with CPython's, so an import added later cannot go missing unseen. After a change of
imports (a test says which module is missing) or a Pyodide upgrade, derive the list again:

    .venv/bin/python scripts/build_site.py && .venv/bin/python -m scripts.build.stdlib --derive
"""

from __future__ import annotations

import argparse
import io
import json
import subprocess
import zipfile
from pathlib import Path

from scripts.build.build_error import BuildError

ROOT = Path(__file__).resolve().parent.parent.parent
KEEP = Path(__file__).with_name("stdlib-keep.txt")
DERIVE = ROOT / "scripts" / "stdlib_imports.mjs"


def kept() -> list[str]:
    return KEEP.read_text(encoding="utf-8").split()


def trimmed_stdlib(full: Path) -> bytes:
    """The zip of `full`'s kept files, in its order, each entry as it was (date, mode) but stored, not deflated:
    the build's Brotli copy of the whole zip is then 573 KB where the deflated zip is 795 KB (one dictionary
    across every file beats one per file), and zipimport reads it without inflating. The same bytes for the
    same inputs, so its precache revision and the snapshot key change only with the files."""
    keep = set(kept())
    out = io.BytesIO()
    with zipfile.ZipFile(full) as source, zipfile.ZipFile(out, "w") as trimmed:
        missing = keep - set(source.namelist())
        if missing:
            raise BuildError(f"{full} lacks {', '.join(sorted(missing))} (a new Pyodide?): derive "
                             f"scripts/build/stdlib-keep.txt again (python -m scripts.build.stdlib --derive)")
        for entry in source.infolist():
            if entry.filename in keep:
                trimmed.writestr(entry, source.read(entry), compress_type=zipfile.ZIP_STORED)
    return out.getvalue()


def derive(site_dir: Path) -> list[str]:
    """The stdlib files the engine of a built site uses, run on Pyodide's full stdlib."""
    done = subprocess.run(["node", str(DERIVE), str(site_dir)], cwd=ROOT, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{DERIVE.name} failed:\n{done.stderr[-3000:]}")
    used: list[str] = json.loads(done.stdout)["used"]
    return used


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--derive", action="store_true", help=f"write {KEEP.name} from a run of the built site")
    parser.add_argument("--site-dir", type=Path, default=ROOT / "site")
    args = parser.parse_args()
    if args.derive:
        used = derive(args.site_dir)
        KEEP.write_text("".join(f"{name}\n" for name in used), encoding="utf-8")
        print(f"{KEEP.relative_to(ROOT)}: {len(used)} files")


if __name__ == "__main__":
    main()
