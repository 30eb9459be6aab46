"""Sign-in for a team, in chromium: two app instances (`make run`) on one PostgreSQL database, each signing people
in through an OpenID Connect provider of the tests' own (Streamlit's st.login, Authlib underneath). Two people
each see only their own chats and search hits, a copied link to the other's chat shows nothing of it, and
signing out ends access."""

import secrets
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from graph.engine import Engine
from graph.models.local_server import free_port
from state.titles import gist_title
from tests.component.browser.conftest import RunningApp, all_answering
from tests.component.browser.test_chat_in_browser import REPLY_SECONDS, send_and_watch
from tests.oidc_provider import Provider

pytestmark = pytest.mark.browser

ADA, BOB = "ada@example.com", "bob@example.com"
ADA_SAYS = "Remember that my favourite fruit is the mango."
BOB_SAYS = "Remember that my favourite fruit is the papaya."
CHAT_INPUT = "stChatInputTextArea"
SIGN_IN = ".st-key-sign_in button"
STREAMLIT = Path(__file__).resolve().parents[3] / ".venv" / "bin" / "streamlit"
SIGN_OUT = ".st-key-sign_out button"
CHAT_ROWS = '.st-key-session_list [class*="st-key-open_"] button'
LISTED_IDS = """() => Array.from(document.querySelectorAll('.st-key-session_list [class*="st-key-open_"]'))
    .map(row => Array.from(row.classList).find(name => name.startsWith("st-key-open_")).slice(12))"""
NOT_FOUND = "이 주소의 대화를 찾을 수 없습니다"
SEARCH_EMPTY = "찾은 결과가 없습니다."
PAGE_SECONDS = 120


@pytest.fixture(scope="module")
def database_url(postgres_server) -> Iterator[str]:
    """The PostgreSQL database both instances share."""
    url = postgres_server.create_database()
    yield url
    postgres_server.drop_database(url)


def secrets_file(folder: Path, provider: Provider, port: int, cookie_secret: str) -> Path:
    """An instance's own secrets.toml, outside the repository: its `[auth]` section for the provider."""
    path = folder / "secrets.toml"
    path.write_text(provider.secrets_toml(f"http://127.0.0.1:{port}/oauth2callback", cookie_secret))
    return path


@pytest.fixture(scope="module")
def instances(database_url, oidc_provider, tmp_path_factory) -> Iterator[tuple[RunningApp, RunningApp]]:
    """Instances A and B with sign-in, as a team runs them behind a load balancer (one cookie secret)."""
    cookie_secret = secrets.token_urlsafe(32)

    def start(name: str) -> RunningApp:
        folder = tmp_path_factory.mktemp(f"signin-{name}")
        port = free_port()
        oidc_provider.redirect_uris.add(f"http://127.0.0.1:{port}/oauth2callback")
        return RunningApp(folder / "app.log", port=port, DATABASE_URL=database_url,
                          CHAT_DB_PATH=str(folder / "unused.sqlite"),
                          STREAMLIT_SECRETS_FILES=str(secrets_file(folder, oidc_provider, port, cookie_secret)))

    with all_answering(lambda: [start(name) for name in ("a", "b")]) as started:
        yield started[0], started[1]


@pytest.fixture(scope="module")
def people(browser) -> Iterator[dict]:
    """Ada's and Bob's browsers: contexts of their own, so each has their own cookies."""
    contexts = {who: browser.new_context(viewport={"width": 1400, "height": 1000}, locale="ko-KR")
                for who in (ADA, BOB)}
    yield {who: context.new_page() for who, context in contexts.items()}
    for context in contexts.values():
        context.close()


def sign_in(page, instance: RunningApp, email: str) -> None:
    """Open the app, press sign-in, type the e-mail into the provider's form, and wait for the chat."""
    page.goto(instance.url)
    page.locator(SIGN_IN).click(timeout=PAGE_SECONDS * 1000)
    page.locator("#email").fill(email, timeout=PAGE_SECONDS * 1000)
    page.locator("#sign-in").click()
    page.get_by_test_id(CHAT_INPUT).wait_for(timeout=PAGE_SECONDS * 1000)


def stored_chats(reader: Engine, owner: str, count: int) -> list[str]:
    """The ids of `owner`'s chats once the shared database lists `count` of them."""
    deadline = time.monotonic() + PAGE_SECONDS
    while time.monotonic() < deadline and len(reader.sessions(owner=owner)) < count:
        time.sleep(0.2)
    return [s.session_id for s in reader.sessions(owner=owner)]


def listed_chats(page) -> set[str]:
    """The ids of the chats the sidebar lists (read from the rows' keys)."""
    return set(page.evaluate(LISTED_IDS))


def search_hits(page, query: str) -> list[str]:
    """The labels of the search hits for `query`, once the search has answered (the box emptied first, so no
    hit of an earlier query is read)."""
    box, hits = page.locator(".st-key-search_query input"), page.locator('[class*="st-key-hit_"] button')
    box.fill("")
    box.press("Enter")
    hits.first.wait_for(state="detached", timeout=PAGE_SECONDS * 1000)
    box.fill(query)
    box.press("Enter")
    page.locator(f'[class*="st-key-hit_"] button, :text("{SEARCH_EMPTY}")').first.wait_for(
        timeout=PAGE_SECONDS * 1000)
    return [text.strip() for text in hits.all_inner_texts()]


def test_two_people_each_see_only_their_own_chats_and_sign_out_ends_access(instances, people, reader, oidc_provider):
    a, b = instances
    ada, bob = people[ADA], people[BOB]

    ada.goto(a.url)
    ada.locator(SIGN_IN).wait_for(timeout=PAGE_SECONDS * 1000)
    assert ada.get_by_test_id(CHAT_INPUT).count() == 0 and not listed_chats(ada)  # nothing before sign-in

    sign_in(ada, a, ADA)
    send_and_watch(ada, ADA_SAYS)
    [ada_chat] = stored_chats(reader, ADA, 1)
    sign_in(bob, b, BOB)
    assert not listed_chats(bob), "Bob sees a chat before writing one"
    send_and_watch(bob, BOB_SAYS)
    [bob_chat] = stored_chats(reader, BOB, 1)
    assert oidc_provider.signed_in == [ADA, BOB]

    assert ada_chat != bob_chat and reader.sessions() == []  # nothing is the single-person default's
    for page in (ada, bob):
        page.reload()
        page.get_by_test_id(CHAT_INPUT).wait_for(timeout=PAGE_SECONDS * 1000)
        page.locator(CHAT_ROWS).first.wait_for(timeout=PAGE_SECONDS * 1000)
    assert listed_chats(ada) == {ada_chat} and gist_title(ADA_SAYS) in ada.locator(CHAT_ROWS).first.inner_text()
    assert listed_chats(bob) == {bob_chat} and gist_title(BOB_SAYS) in bob.locator(CHAT_ROWS).first.inner_text()
    ada_title, bob_title = gist_title(ADA_SAYS), gist_title(BOB_SAYS)  # a hit is labelled by its chat's title
    assert [ada_title in hit for hit in search_hits(ada, "fruit")] == [True]
    assert [bob_title in hit for hit in search_hits(bob, "fruit")] == [True]
    assert not [hit for hit in search_hits(bob, "mango") if ada_title in hit]
    assert not [hit for hit in search_hits(ada, "papaya") if bob_title in hit]

    bob.goto(f"{b.url}/?session={ada_chat}")  # Ada's copied link, on Bob's instance
    bob.get_by_text(NOT_FOUND).wait_for(timeout=PAGE_SECONDS * 1000)
    assert "mango" not in bob.locator("body").inner_text()
    assert bob.locator('[data-testid="stChatMessage"]').count() == 0
    bob.goto(f"{a.url}/?session={ada_chat}")  # and on Ada's own instance: asked to sign in, or not found
    bob.locator(f"{SIGN_IN}, :text('{NOT_FOUND}')").first.wait_for(timeout=PAGE_SECONDS * 1000)
    assert "mango" not in bob.locator("body").inner_text()

    ada.goto(f"{a.url}/?session={ada_chat}")
    ada.get_by_text(ADA_SAYS).first.wait_for(timeout=REPLY_SECONDS * 1000)
    ada.locator(SIGN_OUT).click()
    ada.locator(SIGN_IN).wait_for(timeout=PAGE_SECONDS * 1000)
    ada.goto(f"{a.url}/?session={ada_chat}")
    ada.locator(SIGN_IN).wait_for(timeout=PAGE_SECONDS * 1000)
    assert "mango" not in ada.locator("body").inner_text() and ada.get_by_test_id(CHAT_INPUT).count() == 0
    assert len(reader.session(ada_chat, owner=ADA).messages()) == 2  # nothing was added to Ada's chat



def test_without_sign_in_an_instance_on_an_open_address_shows_no_chat(browser, tmp_path):
    """`make run` refuses to start there (tests/component/test_listen_check.py); started past it, the page says why."""
    database = tmp_path / "chat.sqlite"
    app = RunningApp(tmp_path / "app.log", command=(str(STREAMLIT), "run", "app.py"),
                     STREAMLIT_SERVER_ADDRESS="0.0.0.0", CHAT_DB_PATH=str(database))
    context = browser.new_context(locale="en-US")
    try:
        app.wait_until_healthy()
        page = context.new_page()
        page.goto(app.url)
        refusal = page.get_by_text("This app listens on 0.0.0.0 without sign-in, so it shows no chats")
        refusal.wait_for(timeout=PAGE_SECONDS * 1000)
        assert page.get_by_test_id(CHAT_INPUT).count() == 0 and page.locator(SIGN_IN).count() == 0
        assert not database.exists()  # the chats were never even opened
    finally:
        context.close()
        app.stop()
