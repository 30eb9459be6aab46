"""Everyday words a person states facts about themselves with, in Korean and Chinese, and the English word each
means: a question asked in one of these languages meets a fact told in English ("내 여동생은 어디에 살아?" and
"My sister lives in Busan"). No translation model runs offline beside the chat; these few words carry most
of what people tell a chat about their lives."""

import re

KOREAN = {
    "sister": "여동생 언니 누나 자매 동생", "brother": "남동생 오빠 형 형제 동생",  # 동생, a younger one: either
    "mother": "엄마 어머니",
    "father": "아빠 아버지",
    "friend": "친구", "husband": "남편", "wife": "아내", "son": "아들", "daughter": "딸", "family": "가족",
    "live": "살아 살아요 살고 사는 살았어 살았어요 살지", "meeting": "회의 미팅 약속 면담", "landlord": "집주인",
    "rent": "월세 집세", "budget": "예산", "birthday": "생일", "name": "이름", "flight": "항공편 비행기 비행편 편명",
    "hotel": "호텔 숙소", "confirmation": "확인번호 예약번호", "work": "직장 회사 일해 일하는", "job": "직업",
    "vegetarian": "채식 채식주의자", "number": "번호", "password": "비밀번호", "wifi": "와이파이", "address": "주소",
    "phone": "전화번호 전화", "city": "도시", "school": "학교", "doctor": "의사 병원", "dog": "강아지",
    "cat": "고양이", "car": "자동차", "trip": "여행", "book": "책", "movie": "영화", "allergic": "알레르기",
}
CHINESE = {
    "sister": "妹妹 姐姐", "brother": "弟弟 哥哥", "mother": "妈妈 母亲", "father": "爸爸 父亲", "friend": "朋友",
    "husband": "丈夫 老公", "wife": "妻子 老婆", "son": "儿子", "daughter": "女儿", "family": "家人",
    "live": "住在 住哪", "meeting": "会议 开会 见面", "landlord": "房东", "rent": "房租 租金", "budget": "预算",
    "birthday": "生日", "name": "名字", "flight": "航班", "hotel": "酒店 宾馆", "confirmation": "确认号",
    "work": "工作 上班", "vegetarian": "素食", "number": "号码", "password": "密码", "address": "地址",
    "phone": "电话", "city": "城市", "school": "学校", "doctor": "医生 医院", "dog": "狗", "cat": "猫",
    "car": "汽车", "trip": "旅行", "book": "书", "movie": "电影", "allergic": "过敏",
}


def _meanings(lexicon: dict[str, str]) -> dict[str, list[str]]:
    """Each word and the English words it means (a younger sibling is a sister or a brother)."""
    meanings: dict[str, list[str]] = {}
    for english, words in lexicon.items():
        for word in words.split():
            meanings.setdefault(word, []).append(english)
    return meanings


_KOREAN_WORDS = _meanings(KOREAN)
_CHINESE_WORDS = _meanings(CHINESE)
_HANGUL_WORD = re.compile(r"[가-힣]+")
_KOREAN_OR_CHINESE = re.compile(r"[가-힣\u4e00-\u9fff]")
KOREAN_PARTICLES = ("에서는", "에서", "에게", "한테", "으로", "이랑", "은", "는", "이", "가", "을", "를", "에", "의",
                    "도", "로", "와", "과", "랑")  # what follows a Korean noun: 여동생은, 부산에


def english_words(text: str) -> list[str]:
    """The English words the text's Korean and Chinese everyday words mean, in the order they appear."""
    if not _KOREAN_OR_CHINESE.search(text):
        return []  # most text a quote weighs is English: nothing to look up
    found = []
    for word in _HANGUL_WORD.findall(text):
        bare = next((word[: -len(p)] for p in KOREAN_PARTICLES
                     if word.endswith(p) and word[: -len(p)] in _KOREAN_WORDS), word)
        found += _KOREAN_WORDS.get(bare, [])
    found += [english for word, meanings in _CHINESE_WORDS.items() if word in text for english in meanings]
    return list(dict.fromkeys(found))
