"""The versions of a session's turns, read from LangGraph's checkpoint history, and switching the one shown: the
chosen line's newest checkpoint becomes the thread's newest again, and recall and search follow it."""

from dataclasses import dataclass, field
from time import monotonic, sleep

from graph.session.arguments import checked_turn
from graph.session.configs import checkpoint_config
from graph.session.services import SessionServices
from graph.session.turn import follow_shown_line
from graph.storage.checkpoint_tree import CheckpointTree, fork_at

HOUSEKEEPING_WAIT = 5.0  # tidying checkpoints after a turn takes well under this
LOCK_POLL = 0.05


@dataclass(frozen=True)
class TurnVersions:
    """Which version of a turn is shown (1 is the first), how many there are, and how many turns follow this one in
    each version (`later[0]` for the first), so a page can say what another version still holds."""

    shown: int
    count: int
    later: tuple[int, ...] = field(default=(), compare=False)


def turn_versions(tree: CheckpointTree) -> dict[int, TurnVersions]:
    """The turns of the shown line that have more than one version."""
    shown_line = tree.shown()
    found = {}
    for turn in tree.fork_turns():
        versions = tree.versions(turn)
        keys = [version.key for version in versions]
        if len(versions) > 1 and fork_at(shown_line, turn) in keys:
            later = tuple(max(0, (tree.turn(tree.rows[version.leaf]) or turn) - turn) for version in versions)
            found[turn] = TurnVersions(keys.index(fork_at(shown_line, turn)) + 1, len(versions), later)
    return found


class SessionVersions:
    """Listing and switching versions (mixed into a session's handle)."""

    services: SessionServices
    id: str

    def _check(self) -> None: ...

    def _existing(self) -> None: ...

    def versions(self) -> dict[int, TurnVersions]:
        """Turn number -> the version shown and how many there are, for the turns that have several."""
        self._check()
        return turn_versions(CheckpointTree(self.services.storage.checkpoint_rows(self.id)))

    def show_version(self, turn: int, shown: int) -> bool:
        """Show version `shown` (1 is the first) of `turn`, with everything said after it on that line; False when
        there is no such version, it is already shown, or a turn of the session is running. Tidying after a turn
        holds the session a moment: the switch waits it out (at most `HOUSEKEEPING_WAIT` seconds). A turn or version
        that is no number is refused (WrongType)."""
        turn, shown = checked_turn(turn), checked_turn(shown)
        self._existing()
        deadline = monotonic() + HOUSEKEEPING_WAIT
        while not self.services.turns.busy(self.id):
            with self.services.storage.session_lock(self.id, wait=False) as free:
                if free:
                    return self._switch(turn, shown)
            if monotonic() > deadline:
                break
            sleep(LOCK_POLL)
        return False

    def _switch(self, turn: int, shown: int) -> bool:
        """Make the version the shown line, under the session's lock."""
        services, session_id = self.services, self.id
        tree = CheckpointTree(services.storage.checkpoint_rows(session_id))
        versions = tree.versions(turn)
        if not 1 <= shown <= len(versions) or tree.latest is None or \
                fork_at(tree.shown(), turn) == versions[shown - 1].key:
            return False
        config = checkpoint_config(session_id, versions[shown - 1].leaf)
        services.runner.make_newest(config)
        services.generation(session_id, advance=True)  # what the background began on the other line is not kept
        services.recall.drop_from(session_id, turn)
        services.storage.cache_drop_from(session_id, turn)
        follow_shown_line(services, session_id)
        return True
