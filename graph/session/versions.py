"""The versions of a session's turns, read from LangGraph's checkpoint history, and switching the one shown: the
chosen line's newest checkpoint becomes the thread's newest again, and recall and search follow it."""

from dataclasses import dataclass

from langgraph.errors import InvalidUpdateError

from graph.session.services import SessionServices
from graph.session.transcript import checkpoint_config, first_user_text
from graph.storage.checkpoint_tree import CheckpointTree, fork_at
from state.titles import gist_title
from state.turns import completed_turn_count


@dataclass(frozen=True)
class TurnVersions:
    """Which version of a turn is shown (1 is the first) and how many there are."""

    shown: int
    count: int


def turn_versions(tree: CheckpointTree) -> dict[int, TurnVersions]:
    """The turns of the shown line that have more than one version."""
    shown_line = tree.shown()
    found = {}
    for turn in tree.fork_turns():
        versions = tree.versions(turn)
        keys = [version.key for version in versions]
        if len(versions) > 1 and fork_at(shown_line, turn) in keys:
            found[turn] = TurnVersions(keys.index(fork_at(shown_line, turn)) + 1, len(versions))
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
        there is no such version, it is already shown, or a turn of the session is running."""
        self._existing()
        if self.services.turns.busy(self.id):
            return False
        services, session_id = self.services, self.id
        with services.storage.session_lock(session_id, wait=False) as free:
            if not free:
                return False
            tree = CheckpointTree(services.storage.checkpoint_rows(session_id))
            versions = tree.versions(turn)
            latest = tree.latest
            if not 1 <= shown <= len(versions) or latest is None or \
                    fork_at(tree.shown(), turn) == versions[shown - 1].key:
                return False
            config = checkpoint_config(session_id, versions[shown - 1].leaf)
            try:
                services.runner.graph.update_state(config, None)  # its newest checkpoint, the thread's newest now
            except InvalidUpdateError:  # a line that stopped mid-turn: copied as it is
                services.runner.graph.update_state(config, None, as_node="__copy__")
            services.generation(session_id, advance=True)  # what the background began on the other line is not kept
            services.recall.drop_from(session_id, turn)
            services.storage.cache_drop_from(session_id, turn)
            messages = services.read_state(session_id).get("messages", [])
            services.recall.index_session(session_id, messages)
            if title := gist_title(first_user_text(messages)):
                services.storage.record_session(session_id, title, completed_turn_count(messages))
        return True
