"""Time the site build: MkDocs and Zensical, this tree and (optionally) an older checkout, one run.

    .venv/bin/python scripts/bench/bench_build.py                       # this tree, both generators
    .venv/bin/python scripts/bench/bench_build.py --before ../base      # and an older checkout, same run

The yardstick is this tree's MkDocs build (the default one): every time is printed with its ratio
to it. An older checkout is copied to a scratch folder first (its own site/ is left alone) and
built the way it builds itself: `python -m mkdocs build --strict` with its hooks, and Zensical
from its mkdocs.yml, not strict (whatever Zensical makes of it: before the augmentation became a
Markdown extension, a Zensical build has no resolver; the count of resolver blocks says so).
Each build is wall time of the whole command, finishing steps included.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def count_blocks(site: Path) -> int:
    return sum(p.read_text(encoding="utf-8").count('<div class="resolver" data-resolver=') for p in site.rglob("*.html"))


def timed(command: list[str], cwd: Path, env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, cwd=cwd, env=env, check=True, capture_output=True)
    return time.perf_counter() - start


def this_tree(generator: str, site: Path) -> float:
    flag = ["--zensical"] if generator == "zensical" else []
    return timed([sys.executable, "scripts/build_site.py", *flag, "--site-dir", str(site)], ROOT, dict(os.environ))


def older_tree(tree: Path, generator: str, site: Path) -> float:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(tree)}
    if generator == "mkdocs":
        return timed([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-d", str(site)], tree, env)
    config = tree / ".bench-zensical.yml"
    # Not strict: without its hooks the older site has broken anchors, which a strict Zensical build refuses.
    config.write_text((tree / "mkdocs.yml").read_text(encoding="utf-8") + f"\nsite_dir: {str(site)!r}\nstrict: false\n",
                      encoding="utf-8")
    return timed([sys.executable, "-m", "zensical", "build", "--clean", "-f", config.name], tree, env)


def copy_tree(source: Path, scratch: Path) -> Path:
    """The checkout's tracked files (its site/ and caches left out), with this tree's node_modules."""
    tree = scratch / "before"
    shutil.copytree(source, tree, ignore=shutil.ignore_patterns("site", ".venv", "node_modules", ".cache", ".git"))
    (tree / "node_modules").symlink_to(ROOT / "node_modules")
    return tree


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--before", type=Path, help="an older checkout to time in the same run")
    args = parser.parse_args(argv)
    rows: list[tuple[str, float, int]] = []
    build_dir = ROOT / "build"  # Zensical writes only inside the project
    build_dir.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(dir=build_dir) as scratch_name:
        scratch = Path(scratch_name)
        for generator in ("mkdocs", "zensical"):
            site = scratch / f"after-{generator}"
            rows.append((f"this tree, {generator}", this_tree(generator, site), count_blocks(site)))
        if args.before is not None:
            tree = copy_tree(args.before.resolve(), scratch)
            for generator in ("mkdocs", "zensical"):
                site = tree / f"site-{generator}"
                rows.append((f"before, {generator}", older_tree(tree, generator, site), count_blocks(site)))
    yardstick = rows[0][1]
    print(f"{'build':<24} {'seconds':>8} {'ratio':>6} {'resolver blocks':>16}")
    for name, seconds, blocks in rows:
        print(f"{name:<24} {seconds:>8.2f} {seconds / yardstick:>6.2f} {blocks:>16}")
    print(f"yardstick: this tree's MkDocs build, {yardstick:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
