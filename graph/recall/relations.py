"""Words for the same person or thing within one language, as one idea: a question about "동생" is about the
turn that said "여동생", one about "주인집" about the turn that said "집주인", one about 房主 about the one that said
房东. Each group is named by its first word, the key both the turn and the question are found by."""

KOREAN = (
    "동생 여동생 남동생 막내", "집주인 주인집 주인아저씨 주인아주머니 건물주", "엄마 어머니 어머님 모친",
    "아빠 아버지 아버님 부친", "남편 신랑 남친 남자친구", "아내 와이프 부인 여친 여자친구", "오빠 친오빠",
    "언니 친언니", "누나 친누나", "형 친형", "강아지 개 댕댕이 멍멍이", "고양이 냥이", "수의사 동물병원",
    "회사 직장", "동료 회사사람 직장동료", "정비사 정비소 카센터", "조카 조카딸 조카아들", "새언니 올케",
    "할머니 외할머니 친할머니",
    "할아버지 외할아버지 친할아버지", "생일 생신", "의사 병원", "치과 치과의사",
)
CHINESE = (
    "房东 房主 包租婆", "妈妈 母亲 老妈 妈", "爸爸 父亲 老爸 爸", "老公 丈夫 先生", "老婆 妻子 太太 媳妇",
    "妹妹 表妹 小妹", "弟弟 表弟 小弟", "姐姐 表姐", "哥哥 表哥", "狗 狗狗 小狗 狗子", "猫 猫咪 小猫",
    "兽医 宠物医生 宠物医院", "医生 大夫 医院", "公司 单位", "同事 同僚", "修车 修理厂 修车师傅 汽修",
    "侄子 侄女 外甥 外甥女",
    "嫂子 嫂嫂", "奶奶 外婆 姥姥", "爷爷 外公 姥爷", "生日 生辰",
)


def _groups(*languages: tuple[str, ...]) -> dict[str, str]:
    """Each word of every group with its group's first word."""
    return {word: group.split()[0] for groups in languages for group in groups for word in group.split()}


RELATED = _groups(KOREAN, CHINESE)


def related(word: str) -> str | None:
    """The key of the idea a word is one of the words for, or None for a word of no group."""
    return RELATED.get(word)
