"""Words for the same person or thing within one language, as one idea: a question about "동생" is about the
turn that said "여동생", one about "주인집" about the turn that said "집주인", one about 房主 about the one that said
房东, one about a 강아지 about the 시바견. Each group is named by its first word, the key both the turn and the
question are found by; a question's word is searched with every word of its group. Each word is one word as
the segmenters cut it (state/words.py)."""

KOREAN = (
    "동생 여동생 남동생 막내", "집주인 주인집 건물주", "엄마 어머니 어머님 모친", "아빠 아버지 아버님 부친",
    "부모 엄마아빠 양친", "남편 신랑", "아내 와이프 부인", "남자친구 남친", "여자친구 여친", "오빠 친오빠",
    "언니 친언니", "누나 친누나", "새언니 올케 형수", "조카 조카딸", "할머니 외할머니 친할머니",
    "할아버지 외할아버지 친할아버지", "아기 애기 신생아", "강아지 개 반려견 댕댕이 시바견 진돗개 푸들 "
    "말티즈 리트리버 웰시코기", "고양이 반려묘", "수의사 동물병원", "회사 직장", "동료 직장동료",
    "정비사 정비소 카센터", "생일 생신", "의사 병원", "치과 치과의사", "명절 추석 설날 한가위", "본가 친정 시댁 고향집",
    "클라이밍 볼더링 암장 등반", "도자기 도예 도예가 물레", "항생제 페니실린", "여행 휴가 여행지",
    "바리스타 카페",
)
CHINESE = (
    "房东 房主 包租婆", "妈妈 母亲 老妈 妈", "爸爸 父亲 老爸 爸", "父母 爸妈 爹妈 双亲", "老公 丈夫 先生",
    "老婆 妻子 太太 媳妇", "妹妹 表妹 小妹", "弟弟 表弟 小弟", "姐姐 表姐", "哥哥 表哥", "嫂子 嫂嫂",
    "侄子 侄女 外甥 外甥女", "奶奶 外婆 姥姥", "爷爷 外公 姥爷", "宝宝 娃 孩子 婴儿 小孩",
    "狗 狗狗 小狗 狗子 柴犬 泰迪 金毛 柯基 博美 哈士奇", "猫 猫咪 小猫", "兽医 宠物医院", "医生 大夫 医院",
    "公司 单位", "同事 同僚", "修车 修理厂 汽修", "生日 生辰", "过节 中秋 春节 节日 端午", "攀岩 抱石 岩馆",
    "陶艺 陶瓷 拉坯", "抗生素 青霉素 阿莫西林 头孢", "旅行 度假 旅游", "咖啡馆 咖啡 咖啡师",
)


def _groups(*languages: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """Each word of every group with its group's words, the first naming it."""
    return {word: tuple(group.split()) for groups in languages for group in groups for word in group.split()}


GROUPS = _groups(KOREAN, CHINESE)


def related(word: str) -> str | None:
    """The key of the idea a word is one of the words for, or None for a word of no group."""
    group = GROUPS.get(word)
    return group[0] if group else None


def with_related(words: list[str]) -> list[str]:
    """The words, each followed by the other words of its group: what a question's words are searched as."""
    return list(dict.fromkeys(related for word in words for related in (word, *GROUPS.get(word, ()))))
