"""``python -m thirteen records export FILE`` and ``records import FILE``: the desktop's
records (statistics, high scores, settings, the game in progress) written to one records
file, or a records file merged into them (see :mod:`thirteen.records.records_file`)."""

from __future__ import annotations

import argparse
from pathlib import Path

from thirteen.cli.args import CommandError


def register(parser: argparse.ArgumentParser) -> None:
    """The ``records`` sub-command's options."""
    parser.description = (
        "Save the statistics, high scores, settings and game in progress kept in the data "
        "folder to one records file (export), or merge a records file into them (import: "
        "games and scores already there are not counted twice)."
    )
    parser.add_argument("action", choices=("export", "import"), help="which way")
    parser.add_argument("file", type=Path, help="the records file to write or read")


def run(args: argparse.Namespace) -> int:
    """Export or import the desktop's records; a refused file is an error, nothing changed."""
    from thirteen.records.carry import FolderCarrier, Picked, load_records, read_limited
    from thirteen.records.platform_storage import open_storage
    from thirteen.records.profile import Profile
    from thirteen.records.records_file import RecordsFileError, export_text, read_records_file

    storage = open_storage()
    if storage.kind == "memory":
        raise CommandError(f"the records cannot be opened: {storage.notice}")
    try:
        path: Path = args.file
        if args.action == "export":
            words = FolderCarrier(path.parent).save(export_text(storage), path.name)
            if not path.is_file():
                raise CommandError(str(words))
            print(f"Saved every record to {path}")
            return 0
        try:
            raw = read_limited(path)
            read_records_file(raw)  # refused here, before the store is touched
        except OSError as exc:
            raise CommandError(f"cannot read {path}: {exc.strerror or exc}") from None
        except RecordsFileError as exc:
            raise CommandError(str(exc.words)) from None
        print(load_records(Profile(storage), Picked(str(path), raw)))
        if storage.unsaved:
            raise CommandError(f"the records could not all be kept: {storage.notice}")
        return 0
    finally:
        storage.close()
