"""Build the rules_core wheel the browser installs, byte for byte the same for the same sources.

A pure-Python py3-none-any wheel (PEP 427) written with zipfile: files sorted, one fixed
timestamp, fixed permissions, so the service worker's content hash only changes when the
code does. Pyodide installs it with loadPackage(url): no micropip, no index.
"""

from __future__ import annotations

import base64
import hashlib
import re
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "rules_core"
EPOCH = (1980, 1, 1, 0, 0, 0)  # the earliest date zip can store: no build clock in the bytes


def project_version(root: Path = ROOT) -> str:
    """The version declared in pyproject.toml (one place for it)."""
    data = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    return str(data["project"]["version"])


def wheel_name(version: str) -> str:
    return f"{PACKAGE}-{version}-py3-none-any.whl"


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"sha256={digest}"


def _sources(root: Path) -> list[tuple[str, bytes]]:
    """Every .py file of the package, by archive name, sorted; caches and tests left out."""
    package_dir = root / PACKAGE
    files = sorted(p for p in package_dir.rglob("*.py") if "__pycache__" not in p.parts)
    return [(p.relative_to(root).as_posix(), p.read_bytes()) for p in files]


def _metadata(root: Path, version: str) -> bytes:
    data = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {PACKAGE}",
        f"Version: {version}",
        f"Summary: {data.get('description', '')}",
        f"Requires-Python: {data.get('requires-python', '>=3.11')}",
    ]
    return ("\n".join(lines) + "\n").encode()


WHEEL_FILE = b"Wheel-Version: 1.0\nGenerator: scripts/build/wheel.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"


def build_wheel(out_dir: Path, root: Path = ROOT) -> Path:
    """Write the wheel into out_dir and return its path."""
    version = project_version(root)
    if not re.fullmatch(r"[0-9][0-9A-Za-z.+-]*", version):
        raise ValueError(f"pyproject.toml: version {version!r} is not a wheel version")
    dist_info = f"{PACKAGE}-{version}.dist-info"
    members = _sources(root) + [
        (f"{dist_info}/METADATA", _metadata(root, version)),
        (f"{dist_info}/WHEEL", WHEEL_FILE),
    ]
    record_lines = [f"{name},{_record_hash(data)},{len(data)}" for name, data in members]
    record_lines.append(f"{dist_info}/RECORD,,")
    members.append((f"{dist_info}/RECORD", ("\n".join(record_lines) + "\n").encode()))

    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / wheel_name(version)
    # Stored, not deflated: the site sends the wheel as its Brotli copy (scripts/build/precompress.py), 110 KB
    # where a deflated wheel is 170 KB (one dictionary across every module beats one per module).
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_STORED) as archive:
        for name, data in members:
            info = zipfile.ZipInfo(name, date_time=EPOCH)
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return path


if __name__ == "__main__":
    print(build_wheel(ROOT / "dist"))
