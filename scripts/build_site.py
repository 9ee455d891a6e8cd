"""Build the whole site: the site generator, then the finishing steps.

    .venv/bin/python scripts/build_site.py                   # GENERATOR (MkDocs with Material), into site/
    .venv/bin/python scripts/build_site.py --zensical        # Zensical, from the same mkdocs.yml
    .venv/bin/python scripts/build_site.py --mkdocs          # MkDocs, whatever GENERATOR says
    .venv/bin/python scripts/build_site.py --site-dir DIR    # elsewhere
    SITE_URL=https://user.github.io/jovian-rules/ .venv/bin/python scripts/build_site.py

0. scripts/build/reviewed.py checks every resolver's listed versions against the entry texts it was reviewed
   against (rules_core/reviewed-texts.txt): a changed text stops the build, naming the resolver and the version.
1. The generator renders the pages; the page augmentation (the Readings ledger, resolver blocks,
   the version diff) runs inside it as the Python-Markdown extension scripts.build.augment, found
   through PYTHONPATH. It is strict: a warning, a broken link or a rules entry with no resolver
   stops the build.
2. scripts/build/assets.py adds the calculators (the page's modules joined into one script, scripts/build/bundle.py),
   the vendored Pyodide, the rules_core wheel and the icons and manifest.
3. scripts/build/glossary.py writes assets/glossary.json, the definitions a tapped term shows;
   scripts/build/search_entries.py writes assets/search-entries.json, the names search opens;
   scripts/build/describe.py writes assets/describe.json, every resolver's declaration for its form.
4. scripts/build/build_stamp.py names the build: a hash of its files but the pages and the search index (so an edited
   sentence changes its page alone), written into every page and build-info.js, so a page, the engine and the
   service worker can tell they are of one build.
5. scripts/build/csp.py puts the Content-Security-Policy (with the inline scripts' hashes) in every page.
   Before that, scripts/build/search_languages.py drops the lunr languages the search does not use, and
   scripts/build/theme_bundle.py mends the theme's script: its search index is built when search is first opened,
   and a jump within a page is no page load.
6. scripts/build/offline.py writes /sw.js, listing and hashing every file of the finished site.
7. scripts/build/precompress.py writes a .br and a .gz copy beside each large file, for the wire.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script
    sys.path.insert(0, str(ROOT))

from scripts.build.assets import add_assets  # noqa: E402 - after the path fix above
from scripts.build.build_error import BuildError  # noqa: E402
from scripts.build.build_stamp import stamp_build  # noqa: E402
from scripts.build.csp import add_csp  # noqa: E402
from scripts.build.describe import write_describe  # noqa: E402
from scripts.build.glossary import write_glossary  # noqa: E402
from scripts.build.search_entries import write_search_entries  # noqa: E402
from scripts.build.offline import site_files, write_service_worker  # noqa: E402
from scripts.build.precompress import precompress  # noqa: E402
from scripts.build.reviewed import check as check_reviews  # noqa: E402
from scripts.build.search_languages import drop_unused_languages  # noqa: E402
from scripts.build.theme_bundle import mend_theme_bundle  # noqa: E402


GENERATOR = "mkdocs"
"""What every build uses unless told (scripts/serve, scripts/test, CI, Pages): "mkdocs" (Material, past its end of
maintenance) or "zensical" (its successor, alpha). Both build the same site from mkdocs.yml (README "The theme")."""


def site_name(config: Path) -> str:
    """site_name from the config, read without a YAML library (it is one plain line)."""
    for line in config.read_text(encoding="utf-8").splitlines():
        if line.startswith("site_name:"):
            return line.partition(":")[2].strip()
    raise SystemExit(f"{config}: no site_name")


def run_generator(generator: str, config: Path, site_dir: Path) -> None:
    # PYTHONPATH: the generator imports the extension scripts.build.augment and rules_core from the project the
    # config belongs to (the repository, or a copy of it with its own rules_core), else from this repository.
    # NO_MKDOCS_2_WARNING: silence Material's end-of-life banner on every build.
    paths = dict.fromkeys([str(config.parent), str(ROOT), os.environ.get("PYTHONPATH", "")])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, paths)),
           "NO_MKDOCS_2_WARNING": "1"}
    if generator == "mkdocs":
        _run("MkDocs", [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-f", str(config), "-d", str(site_dir)],
             config.parent, env)
        return
    # Zensical takes the output folder from the config only (and it must lie inside the project):
    # build from a copy that names it, beside the original so docs_dir and custom_dir resolve the same.
    # --clean: its cache (.cache/) knows the Markdown, not rules_core, so a kept cache could show old resolvers.
    with tempfile.NamedTemporaryFile("w", suffix=".yml", dir=config.parent, prefix=".zensical-", delete=False) as copy:
        copy.write(config.read_text(encoding="utf-8") + f"\nsite_dir: {str(site_dir)!r}\n")
    try:
        _run("Zensical", [sys.executable, "-m", "zensical", "build", "--strict", "--clean", "-f", copy.name], config.parent, env)
    finally:
        Path(copy.name).unlink()


def _run(name: str, command: list[str], cwd: Path, env: dict[str, str]) -> None:
    """Run a generator; its failure is a BuildError carrying what it printed."""
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise BuildError(f"the {name} build failed: {our_message(done.stdout + done.stderr)}")


OUR_ERROR = re.compile(r"\b(?:BuildError|PluginError): (?P<message>.*?)(?=\nTraceback|\Z)", re.S)
"""The augmentation's own error in a generator's output: Zensical prints it above a traceback,
MkDocs prints our BuildError at the end of one (and a PluginError cleanly, with no such line)."""


def our_message(output: str) -> str:
    """The augmentation's own error message out of a generator's output; else the whole output."""
    found = OUR_ERROR.search(output)
    return (found["message"] if found else output).strip()


def build(generator: str = GENERATOR, site_dir: Path = ROOT / "site", config: Path = ROOT / "mkdocs.yml") -> None:
    """The generator, then the finishing steps, into site_dir."""
    site_dir = site_dir.resolve()
    check_reviews(config.parent / "docs")  # every resolver against the entry texts it was reviewed against
    run_generator(generator, config.resolve(), site_dir)
    add_assets(site_dir, site_name(config))
    write_glossary(site_dir, config.parent / "docs")
    write_search_entries(site_dir, config.parent / "docs")
    write_describe(site_dir)
    drop_unused_languages(site_dir)
    mend_theme_bundle(site_dir)
    stamp_build(site_dir, site_files(site_dir))
    add_csp(site_dir)  # after every other change to the pages, before the precache hashes them
    write_service_worker(site_dir)
    precompress(site_dir)  # last: the copies are of the files as served


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    chosen = parser.add_mutually_exclusive_group()
    chosen.add_argument("--zensical", action="store_const", const="zensical", dest="generator", help="build with Zensical")
    chosen.add_argument("--mkdocs", action="store_const", const="mkdocs", dest="generator", help="build with MkDocs")
    parser.add_argument("--site-dir", type=Path, default=ROOT / "site", help="output folder (default: site/)")
    parser.add_argument("--config", type=Path, default=ROOT / "mkdocs.yml", help="site config (default: mkdocs.yml)")
    args = parser.parse_args(argv)
    try:
        build(args.generator or GENERATOR, args.site_dir, args.config)
    except BuildError as error:
        print(f"build_site: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
