"""Sign-in in the page (AppTest): with `[auth]` configured nobody sees a chat before signing in, each person sees
only their own chats and search hits, another person's link shows the notice of a chat not found, and signing
out ends access; without it the page answers only on this machine."""

import pytest
from streamlit import config
from streamlit.testing.v1 import AppTest

from component.signin import local_only
from state.texts import SIGNIN_TEXT
from tests.component.apptest import send

pytestmark = pytest.mark.app

AUTH = {"redirect_uri": "http://127.0.0.1:8501/oauth2callback", "cookie_secret": "not-a-real-secret",
        "client_id": "context-chat", "client_secret": "not-a-real-secret",
        "server_metadata_url": "http://127.0.0.1:9/.well-known/openid-configuration"}
ADA, BOB = "ada@example.com", "bob@example.com"
NOT_FOUND = "이 주소의 대화를 찾을 수 없습니다: 삭제되었거나 주소가 잘못되었습니다."


def page(user: dict, session_link: str | None = None) -> AppTest:
    """The app with sign-in configured, as this person's browser opens it (optionally by a chat's link)."""
    app = AppTest.from_file("../../app.py", default_timeout=30)
    app.secrets["auth"] = AUTH
    app.user = user
    if session_link is not None:
        app.query_params["session"] = session_link
    return app.run()


def signed_in(email: str, session_link: str | None = None) -> AppTest:
    return page({"is_logged_in": True, "email": email, "name": email.split("@")[0]}, session_link)


def everything_shown(app: AppTest) -> str:
    """Every text the page shows, in the main area and the sidebar."""
    texts = [e.value for kind in ("markdown", "caption", "warning", "error", "text") for e in getattr(app, kind)]
    texts += [b.label for b in app.button]
    texts += [text.value for message in app.chat_message for text in message.markdown]
    return "\n".join(str(text) for text in texts)


def chat_rows(app: AppTest) -> list[str]:
    return [b.key.removeprefix("open_") for b in app.sidebar.button if b.key and b.key.startswith("open_")]


def test_nobody_sees_a_chat_before_signing_in(fake_engine):
    app = page({"is_logged_in": False})
    assert not app.exception
    assert app.button(key="sign_in").label == "🔑 로그인"
    assert not app.chat_input and not chat_rows(app)
    assert fake_engine.engine is None  # no model is started for a person not signed in


def test_each_person_sees_only_their_own_chats_and_search_hits(fake_engine):
    ada = signed_in(ADA)
    send(ada, "My favourite fruit is the mango.")
    ada_chat = ada.session_state["session_id"]
    assert "`ada@example.com`" in everything_shown(ada) and ada.button(key="sign_out").label == "로그아웃"

    bob = signed_in(BOB)
    assert chat_rows(bob) == [] and "mango" not in everything_shown(bob)
    send(bob, "My favourite fruit is the papaya.")
    bob_chat = bob.session_state["session_id"]
    bob.text_input(key="search_query").set_value("fruit").run()
    hits = [b.label for b in bob.button if b.key and b.key.startswith("hit_")]
    assert len(hits) == 1 and "papaya" in hits[0] and "mango" not in everything_shown(bob)
    assert chat_rows(bob) == [bob_chat]

    ada = signed_in(ADA)
    assert chat_rows(ada) == [ada_chat]
    ada.text_input(key="search_query").set_value("papaya").run()
    assert not [b for b in ada.button if b.key and b.key.startswith("hit_")]
    assert [s.session_id for s in fake_engine.engine.sessions(owner=ADA)] == [ada_chat]
    assert fake_engine.engine.sessions() == []  # nothing belongs to the single-person default


def test_another_persons_link_shows_the_notice_of_a_chat_not_found_and_nothing_of_it(fake_engine):
    ada = signed_in(ADA)
    send(ada, "The door code is 4711.")
    ada_chat = ada.session_state["session_id"]

    bob = signed_in(BOB, session_link=ada_chat)
    assert not bob.exception
    notice = [w.value for w in bob.warning]
    assert len(notice) == 1 and notice[0].startswith(NOT_FOUND)
    assert "4711" not in everything_shown(bob) and not bob.chat_message
    assert bob.session_state["session_id"] != ada_chat and chat_rows(bob) == []
    send(bob, "Bob writes here.")
    assert bob.session_state["session_id"] != ada_chat
    assert [m.content for m in fake_engine.engine.session(ada_chat, owner=ADA).messages()][0] == \
        "The door code is 4711."
    assert len(fake_engine.engine.session(ada_chat, owner=ADA).messages()) == 2  # nothing added to Ada's

    unknown = signed_in(BOB, session_link="never-saved")  # the very same notice for an id nobody has
    assert [w.value for w in unknown.warning] == notice


def test_signing_out_ends_access(fake_engine):
    ada = signed_in(ADA)
    send(ada, "A private note about the budget.")
    ada.button(key="sign_out").click().run()
    assert not ada.exception
    assert ada.button(key="sign_in") and not ada.chat_input
    assert "budget" not in everything_shown(ada) and not chat_rows(ada)


@pytest.fixture
def open_address():
    """The server set to listen on every interface, as a mistaken deployment would."""
    before = config.get_option("server.address")
    config.set_option("server.address", "0.0.0.0")
    yield
    config.set_option("server.address", before)


def test_without_sign_in_the_app_refuses_an_address_others_reach(fake_engine, open_address):
    app = AppTest.from_file("../../app.py", default_timeout=30).run()
    assert not app.exception
    assert [e.value for e in app.error] == [
        "이 앱은 로그인 없이 0.0.0.0 주소에서 열려 있어 대화를 보여 주지 않습니다: server.address를 127.0.0.1로 "
        "두거나 .streamlit/secrets.toml에 [auth]로 로그인을 설정하세요."]
    assert not app.chat_input and fake_engine.engine is None


def test_with_sign_in_an_open_address_is_allowed(fake_engine, open_address):
    app = signed_in(ADA)
    assert not app.exception and not app.error and app.chat_input


def test_without_sign_in_the_local_app_is_as_before(app, fake_engine):
    assert config.get_option("server.address") == "127.0.0.1"  # the repository's .streamlit/config.toml
    assert config.get_option("runner.magicEnabled") is False  # pages compiled as written, never re-parsed
    assert app.chat_input and not [b for b in app.button if b.key in ("sign_in", "sign_out")]
    send(app, "hello")
    assert [s.session_id for s in fake_engine.engine.sessions()] == [app.session_state["session_id"]]


@pytest.mark.parametrize("address, local", [("127.0.0.1", True), ("127.0.1.1", True), ("::1", True),
                                             ("localhost", True), ("0.0.0.0", False), ("::", False), ("", False),
                                             (None, False), ("192.168.1.20", False), ("chat.example.com", False)])
def test_only_loopback_addresses_count_as_this_machine(address, local):
    assert local_only(address) is local


def test_the_sign_in_page_speaks_the_browsers_language(fake_engine):
    app = AppTest.from_file("../../app.py", default_timeout=30)
    app.secrets["auth"] = AUTH
    app.user = {"is_logged_in": False}
    app.query_params["lang"] = "en"
    app.run()
    assert app.button(key="sign_in").label == "🔑 Sign in"
    assert [c.value for c in app.caption] == [
        "Sign in with your team account to use this app; your chats are shown to you alone."]


def test_every_sign_in_text_is_there_in_both_languages():
    assert set(SIGNIN_TEXT["ko"]) == set(SIGNIN_TEXT["en"])
    assert all(SIGNIN_TEXT[lang][key].strip() for lang in SIGNIN_TEXT for key in SIGNIN_TEXT[lang])


def test_an_account_without_an_email_or_id_is_told_so_and_can_sign_out(fake_engine):
    app = page({"is_logged_in": True, "name": "No Mail"})
    assert [e.value for e in app.error] == [
        "로그인한 계정이 이메일이나 사용자 ID를 알려 주지 않아 대화를 보여 줄 수 없습니다. 로그아웃하고 다른 계정으로 "
        "로그인하세요."]
    assert not app.chat_input and app.button(key="sign_out")
    app.button(key="sign_out").click().run()
    assert app.button(key="sign_in")


def test_the_subject_id_names_the_owner_when_the_provider_gives_no_email(fake_engine):
    app = page({"is_logged_in": True, "sub": "user-1234"})
    send(app, "A chat of an account without an e-mail.")
    titles = [s.title for s in fake_engine.engine.sessions(owner="user-1234")]
    assert titles == ["A chat of an account without an e-mail"]


def test_an_email_the_provider_has_not_verified_does_not_name_the_owner(fake_engine):
    ada = signed_in(ADA)
    send(ada, "Ada's own chat.")
    claimed = page({"is_logged_in": True, "email": ADA, "email_verified": False, "sub": "someone-else"})
    assert chat_rows(claimed) == [] and "Ada's own chat." not in everything_shown(claimed)
    send(claimed, "Not Ada.")
    assert [s.title for s in fake_engine.engine.sessions(owner="someone-else")] == ["Not Ada"]
    assert [s.title for s in fake_engine.engine.sessions(owner=ADA)] == ["Ada's own chat"]
