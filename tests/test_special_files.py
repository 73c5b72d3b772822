"""A game folder's files are read only when they are regular files, and only up to a limit
(pnp.spec.gamefiles): a FIFO, a socket, a device or a folder under a file's name is an
error naming the file, never a hang. The fixture cases file-*-fifo (tests/fixtures/bad/)
cover each kind of file a game names; these cover what a fixture cannot hold."""

from __future__ import annotations

import os
import socket
import stat
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from pnp.cli.app import app
from pnp.spec.gamefiles import Unreadable, kind_of, read_game_file
from tests.conftest import time_limit

runner = CliRunner()


def _validate(cards: Path) -> Result:
    with time_limit(60):
        return runner.invoke(app, ["validate", "mini", "--cards", str(cards)])


def _unreadable(path: Path, limit: int = 1000) -> str:
    with pytest.raises(Unreadable) as err:
        read_game_file(path, limit)
    return err.value.problem


def test_a_regular_file_is_read_whole_up_to_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    path.write_bytes(b"a: 1\r\n")
    assert read_game_file(path, 6) == b"a: 1\r\n"
    assert _unreadable(path, 5) == "is 6 bytes, more than 5"


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    os.mkfifo(path)
    assert _unreadable(path) == "is a FIFO (named pipe), not a regular file"
    link = tmp_path / "link.yaml"
    link.symlink_to(path)
    assert _unreadable(link) == "is a FIFO (named pipe), not a regular file"


def test_a_device_a_folder_and_nothing_are_refused(tmp_path: Path) -> None:
    assert _unreadable(Path("/dev/zero")) == "is a character device, not a regular file"
    assert _unreadable(tmp_path) == "is a folder, not a regular file"
    assert _unreadable(tmp_path / "none.yaml").startswith("cannot be read (No such file")


def test_each_kind_of_file_has_words() -> None:
    assert kind_of(stat.S_IFSOCK) == "a socket"
    assert kind_of(stat.S_IFBLK) == "a block device"
    assert kind_of(stat.S_IFREG) == "a regular file"


def test_a_socket_among_the_card_files_is_refused(
    mini_cards: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(mini_cards / "mini")  # a socket's path is at most ~100 bytes long
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind("extra.yaml")
        result = _validate(mini_cards)
    finally:
        server.close()
    assert result.exit_code == 1, result.output
    assert "extra.yaml:1:1: error: the file is a socket, not a regular file" in result.output


def test_a_link_to_dev_zero_is_refused_as_outside_the_game(mini_cards: Path) -> None:
    os.symlink("/dev/zero", mini_cards / "mini" / "zero.yaml")
    result = _validate(mini_cards)
    assert result.exit_code == 1, result.output
    assert "mini/zero.yaml:1:1: error: the file is a link to '/dev/zero', outside" in (
        result.output
    )


def test_a_fifo_inside_the_game_reached_by_a_link_is_refused(mini_cards: Path) -> None:
    """A link that stays inside the game passes the link check; what it leads to is not a
    regular file, so it is refused all the same."""
    game = mini_cards / "mini"
    os.mkfifo(game / "pipe")
    os.symlink("pipe", game / "more.yaml")
    result = _validate(mini_cards)
    assert result.exit_code == 1, result.output
    assert "mini/more.yaml:1:1: error: the file is a FIFO (named pipe)" in result.output


def test_a_fifo_playtest_record_is_refused_not_skipped(mini_cards: Path) -> None:
    os.mkfifo(mini_cards / "mini" / "playtest.yaml")
    result = _validate(mini_cards)
    assert result.exit_code == 1, result.output
    assert "mini/playtest.yaml:1:1: error: the file is a FIFO (named pipe)" in result.output
