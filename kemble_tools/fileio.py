"""Writing output files atomically, so no command leaves a half-written file behind."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def write_atomic(path: Path, data: str | bytes) -> None:
    """Write to a temporary file beside `path`, then rename it into place."""
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(raw)
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; outputs follow the umask
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _umask() -> int:
    mask = os.umask(0)  # the only way to read it is to set it
    os.umask(mask)
    return mask


@contextmanager
def output_set(out: Path, names: tuple[str, ...]) -> Iterator[Path]:
    """A private folder inside `out` to write a set of outputs into. When the block ends well,
    the new files (and folders) replace the old set in `out` (a member not written this time
    is removed, so old and new never mix); when it fails, `out` keeps the old set untouched."""
    out.mkdir(parents=True, exist_ok=True)
    stage = Path(tempfile.mkdtemp(dir=out, prefix=".kemble-staging-"))
    try:
        yield stage
        for name in names:
            old = out / name
            if old.is_dir() and not old.is_symlink():  # a folder (the site): moved aside first
                os.replace(old, stage / f".old-{name}")
            if (stage / name).exists():
                os.replace(stage / name, old)
            else:
                old.unlink(missing_ok=True)
    finally:
        shutil.rmtree(stage, ignore_errors=True)
