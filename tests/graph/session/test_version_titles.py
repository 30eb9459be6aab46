"""The chat's title and search follow the version shown, on both backends: an automatic title is the gist of the
first question shown, a title the person chose stays whichever version is shown."""

import pytest

from state.titles import gist_title
from tests.conftest import make_engine, send
from tests.fakes import ScriptedChatModel

pytestmark = pytest.mark.graph

SECRET = "My bank PIN is 8812, keep it"
PICNIC = "Plan a picnic"


def title(engine) -> str:
    return {s.session_id: s.title for s in engine.sessions()}["s"]


@pytest.fixture
def edited(database):
    """A chat whose first question was edited from the secret to the picnic."""
    engine = make_engine(database, ScriptedChatModel())
    session = engine.session("s")
    send(session, SECRET)
    send(session, "What should I bring?")
    assert title(engine) == gist_title(SECRET)
    session.edit(1, PICNIC).wait()
    engine.wait_idle()
    yield engine, session
    engine.close()


def test_editing_the_first_question_gives_the_list_and_search_its_new_title(edited):
    engine, session = edited
    assert title(engine) == gist_title(PICNIC)
    assert engine.search("8812") == []
    assert [(hit["title"], hit["turn"]) for hit in engine.search("picnic")] == [(gist_title(PICNIC), 1)]
    assert session.show_version(1, 1)
    assert title(engine) == gist_title(SECRET) and engine.search("picnic") == []
    assert [hit["title"] for hit in engine.search("8812")] == [gist_title(SECRET)]


def test_a_title_the_person_chose_stays_whichever_version_is_shown(edited):
    engine, session = edited
    engine.rename("s", "Weekend")
    assert session.show_version(1, 1) and title(engine) == "Weekend"
    session.edit(1, "Plan a barbecue").wait()
    engine.wait_idle()
    assert title(engine) == "Weekend"
    assert [hit["title"] for hit in engine.search("barbecue")] == ["Weekend"]
