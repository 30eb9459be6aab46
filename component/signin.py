"""Who uses the page: nobody in particular on the single-person local app; with an `[auth]` section in
.streamlit/secrets.toml, the person signed in through the team's OpenID Connect provider (Streamlit's
st.login), whose chats alone are shown. Without sign-in the page shows nothing on an address others reach."""

import ipaddress

import streamlit as st

from component.i18n import t

SIGNED_OUT = " signed out "  # an owner no sign-in ever gives (spaces): a stale click after sign-out finds nothing
LOCAL_NAMES = ("localhost",)


def sign_in_configured() -> bool:
    """Whether secrets.toml has an `[auth]` section (Streamlit's own sign-in)."""
    try:
        return "auth" in st.secrets
    except FileNotFoundError:  # no secrets.toml at all
        return False


def local_only(address: str | None) -> bool:
    """Whether the server listens on this machine alone (an empty address means every interface)."""
    if not address:
        return False
    if address in LOCAL_NAMES:
        return True
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def person_id() -> str:
    """The signed-in person's id: the e-mail the provider gives, unless it says the e-mail is not verified (anyone
    could have typed it), else its subject id ('' when neither)."""
    email = str(st.user.get("email") or "").strip()
    if email and st.user.get("email_verified") is not False:
        return email
    return str(st.user.get("sub") or "").strip()


def current_owner() -> str | None:
    """Whose chats this page acts on: None on the single-person app, else the signed-in person's id."""
    if not sign_in_configured():
        return None
    return (person_id() or SIGNED_OUT) if st.user.get("is_logged_in") else SIGNED_OUT


def draw_sign_in() -> None:
    """The page before sign-in: what the app is and the one button that signs in."""
    st.markdown(f"## {t('app_title')}")
    st.caption(t("sign_in_caption"))
    st.button(t("sign_in"), key="sign_in", type="primary", on_click=st.login)


def require_access() -> str | None:
    """Go on only when the page may be shown; returns whose chats it shows (None: the single-person app).

    Without sign-in the app answers on this machine only: on any other address it says why and stops. With
    sign-in, a person not signed in sees the sign-in button and nothing else.
    """
    if not sign_in_configured():
        address = st.get_option("server.address")
        if not local_only(address):
            st.error(t("open_without_sign_in", address=address or "0.0.0.0"), icon="🚫")
            st.stop()
        return None
    if not st.user.get("is_logged_in"):
        draw_sign_in()
        st.stop()
    if not person_id():
        st.error(t("no_identity"), icon="🚫")
        st.button(t("sign_out"), key="sign_out", on_click=st.logout)
        st.stop()
    return person_id()


def draw_account() -> None:
    """Who is signed in, and the way out (nothing on the single-person app)."""
    owner = current_owner()
    if owner is None or owner == SIGNED_OUT:
        return
    st.caption(t("signed_in_as", who=f"`{owner}`"))  # as given, never read as markdown
    st.button(t("sign_out"), key="sign_out", on_click=st.logout, width="stretch")
