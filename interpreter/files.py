"""Files rulebook writes and reads whole: written so that a crash, a kill or a full disk
never leaves half a file, and read so that a huge file costs no more than its limit.

Every file the engine writes (saves, error saves, --jsonl, --report, the cache) goes through
`atomic_file`: the text goes to a new temporary file beside the target, is flushed and
fsynced, and only then renamed over the target (os.replace, atomic on one file system). A
reader, or the target after a crash, sees the old file or the whole new one. When anything
fails the temporary file is removed, the old file is kept, and FileWriteError names the file.
Only a kill (SIGKILL, a power cut) can leave a temporary file: the next write into that
folder removes such leftovers once they are a day old (see sweep_leftovers).
"""
from __future__ import annotations

import errno
import os
import re
import secrets
import stat
import time
from contextlib import contextmanager
from pathlib import Path

from .errors import RulebookError


class FileWriteError(RulebookError, OSError):
    """A file that could not be written; the earlier file, if any, is unchanged. An OSError
    too, so that code catching OSError around a write still does; `strerror` says why and
    what was kept, `str()` also names the file."""

    def __init__(self, path, cause: OSError, existed: bool | None):
        reason = cause.strerror or str(cause) or type(cause).__name__
        kept = {True: " (the earlier file is unchanged)", False: " (nothing was written)",
                None: ""}[existed]
        super().__init__(cause.errno or errno.EIO, reason + kept)
        self.filename = str(path)

    def __str__(self):
        return f"cannot write '{self.filename}': {self.strerror}"


class TooLarge(Exception):
    """A file holding more bytes than the reader's limit; `size` is how many it has (at
    least limit + 1 when the file grew while it was read)."""

    def __init__(self, size: int):
        super().__init__(size)
        self.size = size


@contextmanager
def atomic_file(path, binary: bool = False, durable: bool = True):
    """Open a file to write that replaces `path` only once it is complete.

    Yields a file object (text in UTF-8, or bytes). On leaving the block the data is flushed
    (and fsynced unless durable=False: the cache only costs time when lost) and renamed over
    `path`. Any error, or an interrupt, removes the temporary file and leaves `path` as it
    was; an OSError is raised as FileWriteError naming `path`. A symlink is followed (the
    file it points to is replaced); a target that is not a regular file (/dev/stdout, a FIFO)
    is written directly, since there is nothing there to keep."""
    target = Path(os.path.realpath(path))
    try:
        st = target.stat()
    except FileNotFoundError:
        st = None
    except OSError as e:
        raise FileWriteError(path, e, existed=False) from None
    if st is not None and not stat.S_ISREG(st.st_mode):
        try:
            with open(path, "wb" if binary else "w",
                      **({} if binary else {"encoding": "utf-8"})) as f:
                yield f
        except FileWriteError:
            raise
        except OSError as e:
            raise FileWriteError(path, e, existed=None) from None
        return
    sweep_leftovers(target.parent)
    tmp = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
    try:
        # O_EXCL: never follow or reuse a name someone planted; the mode is the umask's,
        # or the earlier file's (a save the person made private stays private)
        mode = stat.S_IMODE(st.st_mode) if st is not None else 0o666
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0),
                     mode)
    except OSError as e:
        raise FileWriteError(path, e, existed=st is not None) from None
    try:
        with open(fd, "wb" if binary else "w", **({} if binary else {"encoding": "utf-8"})) as f:
            if st is not None and hasattr(os, "fchmod"):
                os.fchmod(fd, stat.S_IMODE(st.st_mode))    # the umask may have cleared bits
            yield f
            f.flush()
            if durable:
                os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(e, OSError) and not isinstance(e, FileWriteError):
            raise FileWriteError(path, e, existed=st is not None) from None
        raise
    if durable:
        _sync_folder(target.parent)


# atomic_file's temporary names (".save.json.1a2b3c4d.tmp"), and how old one must be to be
# a leftover of a killed run rather than a write in progress (a write in progress touches
# it as it goes, and no write lasts a day)
LEFTOVER = re.compile(r"^\..+\.[0-9a-f]{8}\.tmp$")
LEFTOVER_AGE = 24 * 3600
_swept: set = set()


def sweep_leftovers(folder: Path) -> list:
    """Remove, once a process, the temporary files a killed write left in `folder`: only
    regular files named as atomic_file names them, owned by this user and untouched for
    LEFTOVER_AGE seconds. Returns what it removed; a failure only leaves them there."""
    key = str(folder)
    if key in _swept:
        return []
    _swept.add(key)
    removed = []
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if not LEFTOVER.match(entry.name):
            continue
        try:
            st = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(st.st_mode) or now - st.st_mtime < LEFTOVER_AGE or \
                    (hasattr(os, "getuid") and st.st_uid != os.getuid()):
                continue
            os.unlink(entry.path)
            removed.append(entry.name)
        except OSError:
            continue
    return removed


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX); where a folder cannot be opened, the rename
    is still atomic, only perhaps not yet on disk."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_text(path, text: str) -> None:
    """`path` holds `text` (UTF-8), or is unchanged: see atomic_file."""
    with atomic_file(path) as f:
        f.write(text)


def write_bytes(path, data: bytes, durable: bool = True) -> None:
    with atomic_file(path, binary=True, durable=durable) as f:
        f.write(data)


def read_bounded(path, limit: int) -> bytes:
    """A file's bytes, never reading more than limit + 1 of them: its size is checked (fstat
    of the opened file) before anything is read, and a file that grew meanwhile (or a special
    file with no size) is caught by the bounded read. Raises TooLarge, or OSError."""
    with open(path, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        if size > limit:
            raise TooLarge(size)
        raw = f.read(limit + 1)
    if len(raw) > limit:
        raise TooLarge(len(raw))
    return raw
