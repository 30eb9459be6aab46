"""A seeded long conversation with planted facts and later questions, to measure recall of old turns."""

import random
import re
from dataclasses import dataclass, field
from datetime import date, timedelta

CHECKPOINTS = (100, 200, 300)
QUESTIONS_PER_CHECKPOINT = 22
MIN_QUESTION_GAP = 30
LAST_FACT_TURN = 290
START_DATE = date(2025, 3, 3)
TURNS_PER_DAY = (4, 5, 5, 6, 6, 7)
USER_CHARS = (60, 250)
ASSISTANT_CHARS = (150, 600)
STOP_WORDS = frozenset({
    "what", "which", "when", "where", "that", "this", "with", "from", "have", "does", "your", "mine", "about",
    "there", "their", "would", "could", "should", "into", "than", "then", "them", "they", "were", "been",
    "also", "just", "like", "again", "much", "many", "told", "some", "will", "after", "before",
})


@dataclass(frozen=True)
class Fact:
    """One thing said once in the conversation whose exact answer a later question asks for."""

    key: str
    category: str
    turn: int
    date: str
    answer: str
    side: str
    language: str = "en"


@dataclass(frozen=True)
class Question:
    """A probe asked after a checkpoint turn; `paraphrased` ones avoid the words of the fact's answer."""

    text: str
    fact: Fact
    paraphrased: bool
    asked_turn: int
    asked_date: str
    days_ago: int | None = None


@dataclass
class RecallScript:
    """The whole scripted conversation: one user and one assistant message per turn, facts and probes."""

    user_turns: list[str]
    assistant_turns: list[str]
    turn_dates: list[str]
    facts: list[Fact]
    questions: dict[int, list[Question]] = field(default_factory=dict)

    def turn_text(self, turn: int) -> str:
        """The text of one turn (1-based), user and assistant side together."""
        return self.user_turns[turn - 1] + "\n" + self.assistant_turns[turn - 1]

    def all_questions(self) -> list[Question]:
        """Every probe, in the order the checkpoints ask them."""
        return [question for turn in sorted(self.questions) for question in self.questions[turn]]


@dataclass(frozen=True)
class _Spec:
    """How a fact is said, asked directly, asked in other words, and echoed by distractor turns."""

    key: str
    category: str
    user: str
    answer: str
    direct: str
    paraphrase: str
    distractors: tuple[str, ...] = ()
    reply: str | None = None
    language: str = "en"
    anchor: tuple[int, int, str] | None = None


def _spec(key: str, category: str, user: str, answer: str, direct: str, paraphrase: str,
          *distractors: str, reply: str | None = None, language: str = "en",
          anchor: tuple[int, int, str] | None = None) -> _Spec:
    """Shorthand for one fact specification."""
    return _Spec(key, category, user, answer, direct, paraphrase, distractors, reply, language, anchor)


FACTS: tuple[_Spec, ...] = (
    _spec("sister_birthday", "date",
          "Note for later: my sister Hana's birthday is on March 14, and she'd love flowers rather than "
          "another scarf this year.",
          "March 14", "What is Hana's birthday?", "When does my sibling celebrate turning a year older?",
          "Hana asked about my birthday plans and I had no "
          "idea what to tell her, I haven't thought about it.",
          "My sister keeps sending me photos of cakes she wants to bake for the family lunch on Sunday."),
    _spec("wifi", "secret",
          "Our wifi password at home is maple-river-42, in case I forget it again when guests come over.",
          "maple-river-42", "What is our home wifi password?",
          "What's the code to get on the internet at my place?",
          "The wifi at the cafe was so slow this morning that I gave up on the video call and went home.",
          "The office guest wifi password is cedar-lake-19 and it's printed on the wall anyway, so I never "
          "bother to remember it."),
    _spec("parking", "place",
          "I parked on level B3, spot 117 at the airport garage. Writing it here so I can find the car when "
          "I land.",
          "level B3, spot 117", "Where did I park at the airport garage?",
          "Which floor and bay is my car waiting in?",
          "Parking downtown is expensive, almost 30 dollars for one afternoon near the museum.",
          "The airport garage had a long queue at the exit and the ticket machine kept rejecting cards."),
    _spec("tea", "preference",
          "My favourite tea is genmaicha, the one with toasted rice. I drink a pot of it every afternoon.",
          "genmaicha", "What is my favourite tea?", "Which hot leaf drink do I enjoy above all others?",
          "I tried a new tea shop near the station, but their "
          "menu was confusing and everything was too sweet.",
          "Coffee in the morning and tea in the afternoon, that has been my routine since university."),
    _spec("conference_total", "tool",
          "Can you add up the conference costs for me? Registration is 1,450, the hotel is 2,112 and flights "
          "are 750 dollars.",
          "4,312 dollars", "What was the total for the conference?",
          "How much will the whole event trip cost me altogether?",
          "The conference agenda finally came out and half of the talks are about data pipelines.",
          "My manager asked whether the conference budget could cover a second person next year.",
          reply="Sure: 1,450 + 2,112 + 750 = 4,312. The total for the conference is 4,312 "
                "dollars, so it stays just under the travel cap your team mentioned. If "
                "the hotel adds a city tax at checkout, budget a little extra for that."),
    _spec("manager", "name",
          "My new manager is called Priya Raman. She started "
          "on Monday and already moved our standup to 9:15.",
          "Priya Raman", "What is my new manager's name?", "Who is my boss now at work?",
          "Priya Desai from accounting sent the invoices back because the totals were off by a few cents.",
          "My manager wants the quarterly report by Friday, "
          "which feels tight with everything else going on."),
    _spec("dentist", "date",
          "Reminder for me: my dentist appointment is on April 22 at 9:30, at the clinic next to the bakery.",
          "April 22 at 9:30", "When is my dentist appointment?", "When do I need to get my teeth checked?",
          "The dentist's office called to confirm my address, nothing else, which was a bit odd.",
          "I keep forgetting to floss before going to the dentist, it's a bad habit I should fix."),
    _spec("cat", "name",
          "Our cat is named Biscuit. She's a grumpy orange tabby who only tolerates my husband.",
          "Biscuit", "What is our cat's name?", "What do we call our feline?",
          "The cat knocked a glass off the table again at 3 am and then looked at me like it was my fault.",
          "My neighbour's cat sits on our balcony every evening and stares through the window."),
    _spec("locker", "number",
          "My gym locker combination is 27-14-09. The lock is stiff, so you have to turn it twice past zero.",
          "27-14-09", "What's my gym locker combination?",
          "Which numbers open my storage box at the fitness club?",
          "The gym was packed tonight and every locker near the showers was already taken."),
    _spec("flight", "number",
          "My flight to Lisbon is TP1351, leaving at 07:40 from Terminal 1, so I need to be there early.",
          "TP1351", "What is my flight number to Lisbon?", "Which plane do I catch for the Portugal trip?",
          "Lisbon in May should be warm enough for dinner outside, at least I hope so.",
          "My flight last year got delayed by five hours, so I'm nervous about tight connections."),
    _spec("allergist", "name",
          "My allergist is Dr. Svetlana Novak at the Riverside clinic, she's the one who finally sorted out "
          "my hay fever.",
          "Svetlana Novak", "Who is my allergist?", "Which physician treats my seasonal sneezing?",
          "The Riverside clinic changed its opening hours "
          "again, which is annoying when you work nine to six."),
    _spec("diet", "preference",
          "Food-wise: I'm basically pescatarian, no meat but fish and seafood are fine, so keep that in mind "
          "for recipes.",
          "pescatarian", "What kind of diet do I follow?",
          "What am I willing to eat at dinner, and what do I skip?",
          "My brother went fully vegan last month and keeps telling me about it at every meal."),
    _spec("colour", "preference",
          "My favourite colour is mustard yellow, which is why the new sofa cushions are that shade.",
          "mustard yellow", "What's my favourite colour?", "Which shade do I like best?",
          "The paint shop had about forty kinds of yellow and I couldn't decide on any of them."),
    _spec("book", "preference",
          "Right now I'm reading The Remains of the Day by Kazuo Ishiguro, slowly, a chapter a night.",
          "The Remains of the Day", "Which Ishiguro book am I reading?",
          "Which novel is on my nightstand right now?",
          "I finished my book on the train and had nothing left to read the whole way home."),
    _spec("plate", "number",
          "Our car's plate number is 58-GX-913, I always need it for the apartment visitor parking form.",
          "58-GX-913", "What is our car's plate number?", "What's the registration on our vehicle?",
          "Someone scratched the car in the supermarket lot and of course left no note."),
    _spec("mortgage", "tool",
          "What would the monthly payment be on a 240,000 mortgage at 4.5% over 25 years?",
          "1,334.00", "What was the monthly mortgage payment you calculated?",
          "How much would I owe the bank every month for the house loan?",
          "The bank sent another letter about mortgage rates, I didn't even open it.",
          reply="With 240,000 at 4.5% a year (0.375% a month) over 300 payments, the standard amortization "
                "formula gives 1,334.00 dollars a month. Over the full term that is about 400,200 in total, "
                "so roughly 160,200 goes to interest."),
    _spec("tip_split", "tool",
          "Dinner came to 186 dollars. With a 15% tip, how much does each of the four of us pay?",
          "53.48 dollars", "How much did each person pay for the dinner?",
          "What was everyone's share of the restaurant bill?",
          "The dinner last night was lovely, but the restaurant was far too loud to talk.",
          reply="186 x 1.15 = 213.90 with the tip, and 213.90 / 4 = 53.475, so "
                "each person pays 53.48 dollars if you round up to the cent. "
                "Rounding to 54 each would leave a little extra for the staff."),
    _spec("marathon_km", "tool",
          "How many kilometres is a 26.2 mile marathon, exactly? I always forget the conversion.",
          "42.16 kilometres", "How many kilometres is a marathon, as you calculated?",
          "How long is that race in metric units?",
          "My marathon training plan says I should run 30 km this Sunday, which sounds brutal.",
          reply="One mile is 1.609344 km, so 26.2 miles is 42.16 kilometres when rounded to two decimals. "
                "The official distance is listed as 42.195 km because the mile figure is itself rounded."),
    _spec("days_between", "tool",
          "How many days are there from April 3 to June 19? I need it for the visa form.",
          "77 days", "How many days are there between April 3 and June 19?",
          "How big was the stretch of time you counted for me in spring?",
          reply="Counting from April 3 to June 19: 27 days left in April, 31 "
                "in May and 19 in June, which makes 77 days in total. If the "
                "form wants both the first and the last day included, write 78."),
    _spec("raise", "tool",
          "My salary is going from 62,000 to 67,580. What percentage raise is that?",
          "9.0 percent", "What percentage raise am I getting?", "By how much is my pay going up?",
          "My salary review got pushed to next month again, apparently HR is behind.",
          reply="67,580 - 62,000 = 5,580, and 5,580 / 62,000 = 0.09, so it is a 9.0 percent raise. That is "
                "comfortably above this year's inflation, so it is a real increase in what you can buy."),
    _spec("flour", "tool",
          "A bread recipe for 8 servings needs 350 grams of flour. How much for 12 servings?",
          "525 grams", "How much flour do I need for 12 servings?",
          "What quantity of the dry ingredient is needed for the bigger bread batch?",
          "The bread came out flat again, maybe the flour in the cupboard was too old.",
          reply="Scale by 12 / 8 = 1.5: you need 525 grams of flour. Scale the water, yeast and salt by the "
                "same factor, but keep the rise time the same; a bigger dough does not need longer."),
    _spec("fuel", "tool",
          "Fuel check: 640 km trip, the car uses 6.5 litres per 100 km and petrol is 1.82 per litre. What "
          "does it cost?",
          "75.71", "How much will the fuel for the 640 km trip cost?",
          "What will I spend on petrol for the long drive?",
          "Petrol prices went up again this week at the station near us.",
          reply="640 km at 6.5 L per 100 km uses 41.6 litres, and 41.6 x 1.82 "
                "= 75.71, so the fuel for the trip costs about 75.71. Add a "
                "small margin for city driving and the detours you always take."),
    _spec("timezone", "tool",
          "If it's 3 pm in Seoul, what time is it in Berlin during summer time? I have a call to set up.",
          "8 am in Berlin", "What time is it in Berlin when it's 3 pm in Seoul?",
          "When I ring Germany at mid-afternoon Korean time, what's the hour there?",
          reply="Seoul is UTC+9 and Berlin in summer is UTC+2, a 7 hour difference, so 3 pm in Seoul is "
                "8 am in Berlin the same day. That is a reasonable slot for a call with them."),
    _spec("hotel", "place",
          "We're staying at Hotel Alfama Patio in Lisbon, room 305, for four nights.",
          "Hotel Alfama Patio", "Which hotel are we staying at in Lisbon?",
          "Where are we sleeping during the Portugal trip?",
          "The hotel in Porto last time had a broken elevator and we carried our bags up five floors."),
    _spec("parents_city", "place",
          "My parents moved to Cheongju last autumn, to be closer to my aunt and her kids.",
          "Cheongju", "Which city do my parents live in now?", "Where did my mother and father relocate?",
          "My parents called and asked when I'm visiting next, I said probably after the busy season."),
    _spec("spare_key", "place",
          "The spare key is under the blue flowerpot by the back door, if anyone ever needs to get in.",
          "blue flowerpot", "Where is the spare key?", "Where do we hide the extra house key?",
          "I lost my keys for ten minutes this morning, they were in my coat pocket the whole time."),
    _spec("offsite", "place",
          "Our team offsite is at the Lakeview Lodge in Gapyeong, two nights in late spring.",
          "Lakeview Lodge", "Where is our team offsite?",
          "Which venue are we going to with my coworkers out of town?",
          "The team offsite planning meeting ran over by an hour and we decided nothing."),
    _spec("storage", "number",
          "My storage unit is number 4417 at SafeBox on Harbor Road. The winter tires are in there.",
          "number 4417", "What's my storage unit number?", "Which rented room holds my snow tyres?",
          "The storage place on Harbor Road raised its prices, I might move everything to the basement."),
    _spec("school", "name",
          "The kids' school is Maple Grove Elementary, and pickup is at 3:10 on weekdays.",
          "Maple Grove Elementary", "What's the name of the kids' school?",
          "Where do my children study during the day?",
          "The school sent home a note about head lice again, so that's our weekend sorted."),
    _spec("shoe_size", "number",
          "My shoe size is EU 43, though I sometimes take one size up for running shoes.",
          "EU 43", "What is my shoe size?", "What fits my feet when buying sneakers?",
          "Those boots I ordered online were too small, so I have to send them back."),
    _spec("blood_type", "other",
          "For the records, my blood type is AB negative. The hospital asked me again today.",
          "AB negative", "What is my blood type?", "Which group am I, for a transfusion?",
          "I donated blood at the Red Cross van in front of the mall, it took twenty minutes."),
    _spec("passport_expiry", "date",
          "My passport expires on 2031-08-19, so no need to renew it for the Lisbon trip.",
          "2031-08-19", "When does my passport expire?", "Until when is my travel document valid?",
          "The passport office line was two hours long when my friend went last week."),
    _spec("lease", "number",
          "The apartment lease is 1,950 dollars a month, including water but not electricity.",
          "1,950 dollars", "How much is the apartment lease?",
          "What do we pay each month to live in our flat?",
          "The lease renewal paperwork is on my desk and I keep ignoring it."),
    _spec("ten_k", "number",
          "My personal best for 10K is 47:32, set at the river run last October.",
          "47:32", "What is my 10K personal best?", "What's my fastest time over ten kilometres?",
          "The river run is coming up again and I'm not sure I'm fit enough this year."),
    _spec("employee_id", "number",
          "My employee ID is K-20931, I keep having to type it into the expense tool.",
          "K-20931", "What is my employee ID?", "What identifier does the company use for me?",
          "The expense tool logged me out three times today, I almost threw the laptop."),
    _spec("fridge", "other",
          "The fridge is an LG GR-B459 and the warranty runs until 2027, keep that for when it breaks.",
          "GR-B459", "What is the model of our fridge?", "Which appliance code does our refrigerator have?",
          "The fridge is making that humming noise again at night, and it kept me awake."),
    _spec("grandmother_phone", "number",
          "My grandmother's landline is 555-0148. She doesn't text, so calling is the only way to reach her.",
          "555-0148", "What's my grandmother's phone number?", "How do I ring grandma?",
          "My grandmother told me a long story about her garden on the phone yesterday."),
    _spec("anniversary", "date",
          "Our wedding anniversary is October 9th. Ten years this year, so I want to plan something nice.",
          "October 9th", "When is our wedding anniversary?", "On what day did my spouse and I get married?",
          "We went to a friend's wedding and the speeches went on forever."),
    _spec("insurance_renewal", "date",
          "The car insurance renews on July 1st and the agent said the premium might go up a bit.",
          "July 1st", "When does the car insurance renew?",
          "By what date do I need to sort out the vehicle cover again?",
          "The insurance agent called again trying to sell me travel cover."),
    _spec("hana_landing", "date",
          "Hana's flight lands on Saturday at 18:25 at Gimpo, and I'm the one picking her up.",
          "18:25", "What time does Hana's flight land?",
          "When should I be at the airport to collect my sibling?",
          "Hana called from the airport lounge just to complain about the coffee."),
    _spec("book_club_day", "date",
          "Our book club meets on the second Thursday of every month, at the cafe by the library.",
          "second Thursday", "When does the book club meet?",
          "Which day each month do the reading group gatherings happen?",
          "The cafe by the library changed owners and the cakes are worse now."),
    _spec("cilantro", "preference",
          "I really hate cilantro, please never suggest recipes with it, it tastes like soap to me.",
          "cilantro", "Which herb do I hate?", "What green leafy garnish do I refuse to eat?",
          "The Thai place put so much garnish on the noodles that I had to pick half of it off."),
    _spec("aisle", "preference",
          "I always prefer aisle seats on flights, I get up a lot and hate climbing over people.",
          "aisle seats", "Which seats do I prefer on flights?", "Where do I like to sit on a plane?",
          "The airline changed my seat without asking, and now I'm stuck by the toilets."),
    _spec("band", "preference",
          "My favourite band at the moment is Khruangbin, their bass lines are perfect for cooking.",
          "Khruangbin", "What's my favourite band?", "Which musical group do I listen to the most lately?",
          "The concert tickets sold out in four minutes, I didn't even get into the queue."),
    _spec("coffee", "preference",
          "My usual coffee order is a flat white with oat milk, no sugar, extra hot.",
          "flat white with oat milk", "What's my usual coffee order?",
          "How do I take my morning espresso drink?",
          "The coffee machine at work broke and everyone is grumpy about it."),
    _spec("penicillin", "other",
          "Important: I'm allergic to penicillin. I had a bad reaction to it as a kid.",
          "penicillin", "Which antibiotic am I allergic to?", "Which medicine must doctors never give me?",
          "The pharmacy mixed up my prescription with someone else's, luckily I noticed."),
    _spec("running_shoes", "preference",
          "For running shoes I swear by the Brooks Ghost, I'm on my fourth pair already.",
          "Brooks Ghost", "Which running shoes do I like?", "What trainers do I always buy for jogging?",
          "My running shoes got soaked in the rain and now they smell terrible."),
    _spec("neighbour", "name",
          "Our upstairs neighbour is Mr. Delacroix, he plays "
          "the cello at night but he's very polite about it.",
          "Delacroix", "What is our upstairs neighbour's name?",
          "Who lives above us and practises music late?",
          "The upstairs neighbour had a party until two, and the ceiling was shaking."),
    _spec("best_friend", "name",
          "My best friend from university is Tomasz Wierzbicki, he lives in Krakow now with his family.",
          "Tomasz Wierzbicki", "Who is my best friend from university?",
          "Which old college pal of mine is in Poland these days?",
          "My best friend sent me a postcard with a picture of a castle, no message at all."),
    _spec("accountant", "name",
          "Our accountant is Beatriz Fonseca, she does the tax return every April without fail.",
          "Beatriz Fonseca", "What is our accountant's name?", "Who files our taxes?",
          "The tax return deadline is creeping up and I haven't sorted the receipts."),
    _spec("vet", "name",
          "The dog's vet is Dr. Ama Mensah at the Parkside animal clinic, she's great with nervous dogs.",
          "Ama Mensah", "Who is the dog's vet?", "Which animal doctor looks after our puppy?",
          "The animal clinic sent a reminder card with a cartoon dog on it."),
    _spec("nephew", "name",
          "My nephew is called Joaquin, he turns six in June and loves anything with dinosaurs.",
          "Joaquin", "What is my nephew's name?", "What's the name of my sibling's young son?",
          "My nephew wants a dinosaur cake for his birthday, and I volunteered, which was a mistake."),
    _spec("minjun_phone", "number",
          "메모해 줘: 내 동생 민준이 새 전화번호는 010-4821-7730이야. 예전 번호는 이제 안 쓴대. "
          "급할 때 이 번호로 연락해야 해.",
          "010-4821-7730", "민준이 전화번호가 뭐였지?", "How can I reach my younger brother by phone?",
          "민준이가 어제 전화했는데 목소리가 많이 피곤해 보였어. 요즘 회사 일이 너무 많대. "
          "주말에 밥이라도 같이 먹자고 해야겠어. 걱정이야.",
          language="ko"),
    _spec("door_code", "secret",
          "우리 집 현관 도어락 비밀번호를 739152로 바꿨어. 택배 기사님한테는 절대 알려주지 마. "
          "가족들한테만 따로 말할 거야.",
          "739152", "현관 도어락 비밀번호가 뭐야?", "What do I punch in to open our front door?",
          "현관 도어락 배터리가 다 돼서 어제 밤에 한참 밖에 서 있었어. 새 배터리를 사 둬야겠어. "
          "편의점에서 파는 걸로 되려나 모르겠네.",
          language="ko"),
    _spec("passport_number", "number",
          "我的护照号码是E73920815，下个月要去领事馆办签证，先记在这里，免得到时候找不到。"
          "顺便提醒我带两张白底照片和上次的签证复印件。",
          "E73920815", "我的护照号码是多少？", "我出国用的证件编号是什么？",
          "领事馆的网站又打不开了，预约签证真麻烦，页面一直在转圈，我已经试了三次。"
          "明天早上八点再试一次吧，希望那时候人少一点。",
          language="zh"),
    _spec("mother_flower", "preference",
          "我妈妈最喜欢的花是栀子花，英文叫 gardenia，母亲节我想送她一盆，"
          "放在阳台上她一定很高兴。花店说要提前一周预订。",
          "gardenia", "我妈妈最喜欢什么花？", "What blossom would make my mother happiest as a gift?",
          "母亲节快到了，我还没想好送妈妈什么礼物，去年送的围巾她好像不太喜欢，一次都没戴过。"
          "今年想送点实用的东西，你有什么建议吗？",
          language="zh"),
    _spec("meeting_room", "place",
          "다음 주 분기 회의 장소가 7층 B룸으로 바뀌었대. 기존 회의실은 공사 중이라서 못 쓴다고 하더라. "
          "다들 헷갈릴 것 같아.",
          "7층 B룸", "다음 주 분기 회의는 어디서 해?", "Where is the quarterly meeting next week?",
          "분기 회의 자료를 아직 다 못 만들었어. 발표 순서도 안 정해졌대. "
          "팀장님은 금요일까지 초안을 보내 달라고 하셨는데 시간이 너무 부족해.",
          language="ko"),
    _spec("vat", "tool",
          "What is 18% VAT on an invoice of 2,350? The client wants the gross figure today.",
          "423.00", "How much VAT is on the 2,350 invoice?", "What tax did you work out for that bill?",
          reply="18% of 2,350 is 2,350 x 0.18 = 423.00, so the VAT of 423.00 "
                "brings the invoice to 2,773.00 gross. Put the net amount, the "
                "rate and the VAT on separate lines so the client can check it."),
    _spec("compound", "tool",
          "If I put 10,000 in a savings account at 3% compounded yearly, what do I have after 5 years?",
          "11,592.74", "How much would 10,000 at 3% be worth after 5 years?",
          "What will my deposit grow to by the end of that period?",
          "The savings account app redesigned everything and now I can't find the statements.",
          reply="10,000 x 1.03^5 = 11,592.74, so after five years you would have 11,592.74 in the account, "
                "of which about 1,592.74 is interest, before any tax on the interest."),
    _spec("celsius", "tool",
          "It says 72 Fahrenheit on the American weather site. What is that in Celsius?",
          "22.2 degrees Celsius", "What is 72 Fahrenheit in Celsius?",
          "How warm was that US forecast in the units I use?",
          reply="(72 - 32) x 5/9 = 22.2, so it's about 22.2 degrees Celsius: t-shirt weather during the day, "
                "maybe a light jacket in the evening."),
    _spec("rent_split", "tool",
          "We split the 2,400 rent by room size: 14, 11 and 9 square metres. What does the biggest room pay?",
          "988.24", "What does the biggest room pay in the rent split?",
          "What is the share for whoever has the largest bedroom?",
          reply="Total area is 34 square metres. The biggest room pays 14/34 x 2,400 = 988.24, "
                "the middle one 776.47 and the smallest 635.29, which adds back up to 2,400."),
    _spec("restaurant", "place",
          "We booked Mugunghwa for Friday, a table for six at 7 pm, under my name.",
          "Mugunghwa", "Which restaurant did we book for Friday?",
          "Where are we having dinner at the end of the week?",
          "The restaurant we wanted for Friday was fully booked, so we had to look elsewhere."),
    _spec("trail", "place",
          "The hiking trail we loved was the Ulsanbawi route in Seoraksan, steep but worth every step.",
          "Ulsanbawi", "Which hiking trail did we love?", "What mountain path was our favourite?",
          "The hiking trail near the city was so crowded on Sunday that we turned back."),
    _spec("bike_lock", "number",
          "My bike lock code is 4-0-8-1, I changed it after someone watched me open it.",
          "4-0-8-1", "What is my bike lock code?", "Which digits release my bicycle chain?",
          "Someone stole the front light off my bike while it was locked at the station."),
    _spec("babysitter", "name",
          "The babysitter's name is Ingrid, she's free on Tuesdays and Thursdays after five.",
          "Ingrid", "What's the babysitter's name?", "Who looks after the children when we go out?",
          "The babysitter cancelled last minute, so we ate takeaway at home instead."),
    _spec("policy_number", "number",
          "Our home insurance policy number is HX-558-2201, the company is terrible at answering emails.",
          "HX-558-2201", "What's our home insurance policy number?",
          "Which reference do I quote when claiming for house damage?",
          "The home insurance company finally answered my email, two weeks later."),
    _spec("laptop", "other",
          "My work laptop is a ThinkPad X1 Carbon Gen 11, in case IT asks for the model again.",
          "X1 Carbon Gen 11", "What is my work laptop model?", "Which computer did the office give me?",
          "IT wants everyone to restart their laptops for updates before Friday."),
    _spec("piano_piece", "preference",
          "I'm learning Satie's Gymnopedie No. 1 on the piano, the left hand part is still rough.",
          "Gymnopedie No. 1", "Which piano piece am I learning?",
          "What am I practising on the keys these days?",
          "The piano needs tuning, the high notes sound sour now and it bothers me every time."),
    _spec("brother_in_law", "name",
          "Hana's husband is called Daniel Kwon, he's the quiet one who fixes everyone's computers.",
          "Daniel Kwon", "What is Hana's husband called?", "Who is my sister's spouse?",
          "Hana's husband sent a long message about the family trip and nobody answered."),
    _spec("plumber", "number",
          "The plumber Mr. Okafor came to look at the leak. He charges 85 dollars an hour, which seems fair "
          "for weekend calls.",
          "85 dollars an hour", "How much does the plumber Mr. Okafor charge?",
          "What rate does the guy who fixed our leaking pipe bill?",
          "The plumber Mr. Okafor is coming back on Thursday to check the pipes under the sink.",
          "Our neighbour recommended a different plumber, but I'll stick with the one we already have.",
          anchor=(100, 7, "last week")),
    _spec("brakes", "number",
          "The mechanic called: replacing the front brake pads will cost 310 dollars, parts and labour "
          "included.",
          "310 dollars", "How much will the front brake pads cost?",
          "What was the repair shop's price to make the car stop safely again?",
          "The mechanic said the car is due for an oil change soon, nothing urgent though.",
          anchor=(100, 14, "two weeks ago")),
    _spec("electrician", "number",
          "The electrician, Ms. Varga, quoted 1,180 dollars for rewiring the kitchen. She can start after "
          "the holidays.",
          "1,180 dollars", "How much did Ms. Varga quote for rewiring the kitchen?",
          "What price did the wiring specialist give for the cooking area?",
          "The electrician's van blocked the driveway all morning and I was late for work.",
          anchor=(200, 7, "last week")),
    _spec("book_club_pick", "preference",
          "The book club picked Pachinko for next month, so I need to find a copy soon.",
          "Pachinko", "Which book did the book club pick?", "What novel did the reading group choose?",
          "The book club argued for an hour about the ending of the last book.",
          anchor=(200, 30, "a month ago")),
    _spec("dog_weight", "number",
          "The vet said the dog should weigh no more than 14 kilos, so fewer treats from now on.",
          "14 kilos", "How much should the dog weigh at most, according to the vet?",
          "What's the upper limit for our puppy on the scale?",
          "The dog ate half a sandwich off the table again, so much for the diet.",
          anchor=(300, 7, "last week")),
    _spec("race_bib", "number",
          "I signed up for the Seoraksan half marathon! My bib number is 2087 and the race is in autumn.",
          "2087", "What's my bib number for the half marathon?",
          "Which race identifier will I wear on my shirt?",
          "The half marathon website crashed twice while I was filling in the form.",
          anchor=(300, 21, "three weeks ago")),
    _spec("rent_increase", "number",
          "The landlord said the rent goes up to 2,050 in the next contract. Not thrilled about it.",
          "2,050", "What will the rent go up to?", "What will we owe the property owner under the new deal?",
          "The landlord came by to look at the bathroom tiles and stayed for an hour chatting.",
          anchor=(300, 30, "a month ago")),
)

ACKNOWLEDGEMENTS = (
    "Noted, I'll keep that in mind.", "Got it, thanks for telling me.", "Okay, I've made a note of that.",
    "Thanks, that's useful to know.", "Understood.", "All right, I'll remember that for later.",
    "That makes sense.", "Good to know.",
)

GENERIC_SENTENCES = (
    "If you want, I can remind you about it when it becomes relevant again.",
    "It's often easier to keep small details like this in one place than to search old messages later.",
    "Let me know if anything about it changes, so what I have stays up to date.",
    "Is there anything you'd like to do about it right now, or should we just keep it in the notes?",
    "I can also help you plan around it if the week gets busy.",
    "Sometimes writing these things down is half the work of not worrying about them.",
    "That sounds a bit frustrating, but it's the kind of thing that usually sorts itself out.",
    "If it helps, we can make a short checklist so nothing slips through the cracks.",
    "Happy to pick this up again whenever you want to come back to it.",
    "I'd suggest writing it somewhere you'll see it, too, like your calendar or the fridge door.",
    "Those little things pile up quickly when the rest of life is busy.",
    "Feel free to ask me about it again later; that's what this chat is for.",
)

TOPICS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "cooking": (
        ("I want to cook something different this week, maybe a stew that keeps well for a few days.",
         "How do I stop rice from getting sticky at the bottom of the pot?",
         "What can I make with leftover roast vegetables and a bit of cheese?",
         "Give me an idea for a quick weeknight soup that doesn't need a blender.",
         "Is it worth buying a cast iron pan, or is it too much maintenance for a lazy cook like me?"),
        ("A slow-cooked bean and tomato stew is a good option, and it tastes better on the second day.",
         "Rinse the rice until the water runs mostly clear, then let it rest off the heat for ten minutes.",
         "Roasted vegetables go well in a frittata: whisk "
         "eggs, fold the vegetables in and grate cheese on top.",
         "A miso soup with tofu and greens takes about fifteen minutes and needs only one pot.",
         "Cast iron is forgiving once it is seasoned; just dry it right away and rub in a drop of oil.",
         "Batch cooking on Sunday saves a lot of decisions during the week.",
         "Keep a jar of good stock paste around; it rescues a surprising number of bland dishes.",
         "Salt in layers rather than all at the end, and taste as you go."),
    ),
    "travel": (
        ("I'm thinking about a long weekend somewhere by the sea, nothing too touristy.",
         "What should I pack for a trip where the weather changes every day?",
         "Do you have tips for sleeping on overnight trains?",
         "How early should I book train tickets for a holiday weekend?",
         "I want to plan a short trip with my parents that doesn't involve too much walking."),
        ("Smaller coastal towns outside the high season are usually calm and much cheaper.",
         "Pack in layers: a thin fleece, a rain shell and one warm sweater cover most surprises.",
         "Earplugs, an eye mask and a small pillow make a bigger difference on trains than you'd expect.",
         "For holiday weekends, booking three to four weeks ahead usually gets reasonable fares.",
         "A trip built around one base with short day outings is easier on everyone than moving hotels.",
         "Check the opening days of museums, many close on Mondays.",
         "Leave one afternoon unplanned; it tends to become the best part of the trip.",
         "Travel insurance is worth it mostly for cancellations, not for the small stuff."),
    ),
    "running": (
        ("My knees hurt a bit after long runs, should I change something?",
         "How do I get faster without running every single day?",
         "Is it better to run in the morning or in the evening?",
         "What should I eat before a long Sunday run?",
         "I keep skipping my stretching routine, how important is it really?"),
        ("Knee pain after long runs often comes from increasing "
         "distance too fast; try adding no more than ten percent a week.",
         "One interval session and one tempo run a week do more for speed than extra easy miles.",
         "The best time to run is the one you can stick to; consistency beats timing.",
         "A banana or toast with honey an hour before a long run is plenty for most people.",
         "Short mobility work after runs helps more than long static stretches before them.",
         "Strength training twice a week protects the knees and hips.",
         "Sleep is the most underrated part of any training plan.",
         "Easy runs should feel easy enough to hold a conversation."),
    ),
    "work": (
        ("The database migration at work is dragging on, and nobody agrees on the cutover plan.",
         "How do I tell a colleague their code review comments are too harsh?",
         "I have three deadlines next week, how should I prioritise them?",
         "Our team meetings run long every time, any tricks to keep them short?",
         "I need to write a status update for leadership, what should it contain?"),
        ("For a migration, agree on a rollback plan first; people relax once they know they can undo it.",
         "Frame it around the effect on you: say which comments helped and which ones felt like a verdict.",
         "Rank the deadlines by what breaks if they slip, not by who shouts loudest.",
         "A written agenda with a time box per item and a named note taker shortens meetings a lot.",
         "A good status update says what changed, what is at risk, and what you need from the reader.",
         "Short written decisions save a surprising amount of meeting time later.",
         "It helps to separate the problem from the people when a discussion gets heated.",
         "Protect a block of focus time in your calendar before others fill it."),
    ),
    "garden": (
        ("The tomatoes on the balcony look sad, the leaves are turning yellow at the bottom.",
         "What herbs are easy to grow on a windowsill that gets afternoon sun?",
         "Should I water the garden in the morning or at night?",
         "The lawn has bare patches after winter, can I fix that myself?",
         "I want to plant something that attracts bees but doesn't take over the whole bed."),
        ("Yellow lower leaves on tomatoes are often overwatering or a lack of nitrogen.",
         "Basil, chives and thyme do well on a sunny windowsill with decent drainage.",
         "Watering in the morning lets leaves dry during the day and reduces fungus.",
         "Rake the bare patches, scatter seed mixed with compost and keep it damp for two weeks.",
         "Lavender and catmint attract bees and stay fairly tidy.",
         "Mulch keeps moisture in and saves a lot of watering in summer.",
         "Pots dry out much faster than beds, so check them daily when it is hot.",
         "Deadheading flowers keeps them blooming longer."),
    ),
    "reading": (
        ("I want to read more this year but I keep falling asleep after two pages.",
         "Can you suggest a way to keep track of what I read without it becoming a chore?",
         "Is it cheating to listen to audiobooks instead of reading?",
         "How do I choose between the ten books on my shelf that I haven't started?",
         "I'd like to read more non-fiction, but it often feels like homework."),
        ("Reading earlier in the evening, before you are in bed, usually helps with the falling asleep part.",
         "A single line per book in a notes app is enough to remember what you read.",
         "Audiobooks count; the story reaches you either way.",
         "Read the first ten pages of three of them and keep the one that pulls you in.",
         "Narrative non-fiction, the kind that follows people, reads a lot more like a novel.",
         "Giving up on a book you don't enjoy is allowed.",
         "Short story collections are good for busy weeks.",
         "A library card is the cheapest reading habit there is."),
    ),
    "money": (
        ("I want to set a monthly budget that I'll actually follow this time.",
         "Should I pay off a small loan early or keep the money as a buffer?",
         "How much should I keep in an emergency fund?",
         "My subscriptions are piling up, how do I decide which ones to cancel?",
         "Is it worth switching banks for a slightly better savings rate?"),
        ("A budget with only a few broad categories is easier to follow than a detailed one.",
         "Keeping a buffer usually matters more than saving a little interest on a small loan.",
         "Three to six months of essential expenses is the usual rule of thumb for an emergency fund.",
         "Cancel anything you haven't used in the last month; you can always subscribe again.",
         "Switching banks is worth it only if the difference is meaningful on your actual balance.",
         "Automatic transfers on payday make saving much less of a decision.",
         "Look at the last three months of statements before setting any targets.",
         "Small regular amounts beat occasional big efforts."),
    ),
    "home": (
        ("The bathroom fan makes a rattling noise, can I fix it without calling someone?",
         "How do I get rid of the damp smell in the hallway closet?",
         "We want to repaint the living room, how long does that really take?",
         "The window in the bedroom lets cold air in, what's a cheap fix?",
         "What's the best way to organise a tiny entryway with too many shoes?"),
        ("A rattling fan often just needs its cover tightened or the blades cleaned of dust.",
         "Moisture absorbers and leaving the closet door open for a few days usually help with the damp.",
         "Painting a living room takes about a weekend once you count moving furniture and drying time.",
         "Self-adhesive foam strips around the frame are a cheap and quick fix for draughts.",
         "A narrow shoe rack and a rule of one pair per person at the door keep an entryway clear.",
         "Good lighting makes small spaces feel much larger.",
         "Label the boxes when you store things; future you will be grateful.",
         "Hooks on the back of doors add storage without taking floor space."),
    ),
    "korean": (
        ("I'm learning Korean and the honorifics confuse me, when do I use the polite form?",
         "How many new words a day is realistic when learning a language?",
         "Any tips for listening practice when native speakers talk so fast?",
         "Should I learn to type Korean on my phone already, or is that too early?",
         "I can read Hangul now, but I still don't understand most sentences. Is that normal?"),
        ("Use the polite form with anyone you don't know well or who is older; it is the safe default.",
         "Ten new words a day with regular review is realistic and adds up quickly.",
         "Start with slowed-down podcasts and then move to dramas with subtitles in the same language.",
         "Typing early is useful; it forces you to spell words correctly.",
         "Being able to read before understanding is completely normal at that stage.",
         "Reviewing old words matters as much as learning new ones.",
         "Short daily sessions beat long weekly ones for languages.",
         "Talking to yourself in the language, out loud, is surprisingly effective practice."),
    ),
    "photo": (
        ("My phone photos at night always come out blurry, what am I doing wrong?",
         "Is it worth buying a real camera when phones are this good?",
         "How do I take better pictures of food for my blog?",
         "What's a simple way to back up thousands of photos?",
         "I want to print a few photos for the wall, what size makes sense?"),
        ("Blurry night photos are usually camera shake; brace the phone against something solid.",
         "A dedicated camera mostly pays off for zoom, fast action and low light.",
         "Natural light from a window, from the side, flatters food more than any lamp.",
         "Two copies in different places, one of them off-site, is a sound backup rule.",
         "Prints around thirty by forty centimetres work well for a living room wall.",
         "Clean the lens; it fixes more photos than any setting.",
         "Shoot a few frames of every scene and keep only the best one.",
         "Editing lightly usually looks better than heavy filters."),
    ),
    "movies": (
        ("Recommend a film for a rainy Sunday, something slow but not boring.",
         "Is that new detective series worth starting, or does it fall apart later?",
         "We can never agree on a movie at home, any method for choosing?",
         "What's a good documentary to watch with teenagers?",
         "I fell asleep during the last three films I watched, maybe I'm picking the wrong ones."),
        ("A quiet character drama works well for a rainy Sunday; look for something under two hours.",
         "Detective series often peak in their first season, so treat later ones as optional.",
         "Each person proposes two films and the others veto one each; what remains wins.",
         "Nature documentaries are a safe bet with teenagers and often spark good questions.",
         "Falling asleep during films is often about the time you start them, not the films.",
         "Subtitles help you stay awake because they keep your eyes busy.",
         "Short films and anthologies are good when energy is low.",
         "Watching the trailer first sets expectations about the pace."),
    ),
    "python": (
        ("What's new in recent Python versions that is actually useful day to day?",
         "How should I structure a small Python project so it doesn't become a mess?",
         "My script is slow when reading a large CSV file, any quick wins?",
         "Should I use type hints in a personal project?",
         "What's the simplest way to schedule a Python script to run every night?"),
        ("Better error messages and faster startup are the improvements you notice every day.",
         "Keep one package folder, a tests folder and a single "
         "configuration file; add more only when needed.",
         "Reading a CSV in chunks and only the needed columns usually speeds things up a lot.",
         "Type hints help even in personal projects, mostly when you come back months later.",
         "A cron entry or a systemd timer is the simplest way to run a script every night.",
         "Write the test for a bug before fixing it.",
         "Virtual environments save a lot of dependency pain.",
         "Profile before optimising; the slow part is rarely where you expect."),
    ),
    "health": (
        ("I've been sleeping badly, waking up around four every night.",
         "How much water should I really drink in a day?",
         "My back hurts after sitting all day, what can I change?",
         "Is it bad to drink coffee late in the afternoon?",
         "I want to start stretching in the morning, how long should it take?"),
        ("Waking at four is often linked to stress or alcohol in the evening.",
         "Most people do fine drinking when thirsty plus a bit more in hot weather.",
         "Stand up every half hour and adjust the screen to eye level; it helps the back a lot.",
         "Caffeine lingers for hours, so a late cup can easily cost sleep.",
         "Ten minutes of gentle stretching in the morning is enough to feel a difference.",
         "A regular wake-up time helps sleep more than a regular bedtime.",
         "A short walk after lunch does wonders for the afternoon slump.",
         "Check with a doctor if it lasts more than a few weeks."),
    ),
    "car": (
        ("The car makes a squeaking noise when I turn the wheel all the way, should I worry?",
         "How often should I really change the oil?",
         "Is it worth buying winter tyres if it only snows a few days a year?",
         "The check engine light came on and then went off again, what does that mean?",
         "Any tips to keep the car clean with kids and a dog?"),
        ("A squeak at full lock is often the power steering "
         "or a dry suspension joint; get it looked at soon.",
         "Modern cars usually need an oil change once a year or every ten thousand kilometres or so.",
         "Winter tyres help on cold dry roads too, not only in snow.",
         "A light that goes off again usually points to a temporary fault, but it is worth reading the code.",
         "Seat covers and a boot liner save a lot of vacuuming with kids and pets.",
         "Check tyre pressure monthly; it affects fuel use and safety.",
         "Keep a small emergency kit in the boot.",
         "Washing the underside after winter prevents rust."),
    ),
    "music": (
        ("I want to get back into playing music but I only have twenty minutes a day.",
         "Can you recommend albums for working with focus?",
         "How do I stop getting nervous when I play in front of people?",
         "Are cheap headphones good enough for music lessons online?",
         "I'd like to learn a bit of music theory without it being dry."),
        ("Twenty focused minutes a day beats one long session a week.",
         "Instrumental albums with steady tempos work best for focus.",
         "Playing for one friend at a time is a good way to get used to an audience.",
         "Cheap wired headphones are fine for online lessons; the latency is lower than wireless.",
         "Learning theory through songs you already like keeps it from feeling dry.",
         "Recording yourself is uncomfortable but teaches a lot.",
         "Slow practice is faster in the long run.",
         "Warm up with something easy before tackling the hard passage."),
    ),
    "moving": (
        ("We're thinking about moving to a bigger place next year, where do we even start?",
         "How do I pack books so the boxes aren't impossible to lift?",
         "What do people usually forget to do when they move?",
         "Is it cheaper to hire movers or rent a van and ask friends?",
         "How do I make a new neighbourhood feel like home faster?"),
        ("Start by listing what the new place must have and what would merely be nice.",
         "Pack books in small boxes; large boxes of books are too heavy to carry.",
         "People often forget to update their address with the bank and to read the meters.",
         "Renting a van is cheaper, but movers save your back and your friendships.",
         "Walking the neighbourhood and finding a regular cafe makes it feel like home quickly.",
         "Label every box with the room it goes to.",
         "Keep a first-night box with sheets, a kettle and chargers.",
         "Take photos of the cable setup before unplugging anything."),
    ),
    "games": (
        ("Suggest a board game for four adults who don't like long rules explanations.",
         "How do I get my kids interested in chess?",
         "Is there a card game that works well for two players?",
         "We want a cooperative game for a family evening, any ideas?",
         "What's a good party game that isn't embarrassing for shy people?"),
        ("Games with a five-minute explanation and short rounds work best for mixed groups.",
         "Start chess with small puzzles and only a few pieces; full games come later.",
         "Many classic card games work with two players if you tweak the scoring a little.",
         "Cooperative games are great for families because nobody loses alone.",
         "Drawing and word games are usually gentler on shy players than acting games.",
         "Play a practice round before keeping score.",
         "Let the youngest player go first.",
         "Put the phones in a bowl during game night."),
    ),
    "cycling": (
        ("I want to commute by bike but I'm worried about arriving sweaty at the office.",
         "What should I check on my bike before the spring season?",
         "Is an e-bike worth it for a fifteen kilometre commute?",
         "How do I fix a flat tyre on the road without getting stressed?",
         "Which route planning app is good for quiet bike roads?"),
        ("Riding at an easy pace and keeping a fresh shirt at work solves most of the sweat problem.",
         "Check the brakes, tyre pressure and chain before the season starts.",
         "For fifteen kilometres each way, an e-bike makes daily commuting realistic for most people.",
         "Practise changing a tube at home once; on the road it becomes routine.",
         "Apps that let you prefer cycle paths usually find quieter roads.",
         "Lights front and back, even during the day, make you much more visible.",
         "A good lock is worth a tenth of the bike's price.",
         "Lower the saddle slightly if your hips rock while pedalling."),
    ),
}

OPENERS = ("", "Quick question.", "Hey,", "Okay, something else.", "So,", "Random thought:",
           "Before I forget,", "One more thing.", "Different topic:", "Hmm,")
TAILS = ("", "Any ideas?", "What do you think?", "Keep it short please.", "No rush.",
         "Curious what you'd say.", "I'd appreciate a practical answer.", "Thanks in advance.")
CONTEXTS = ("I've been meaning to ask about this for a while.",
            "My partner thinks I'm overthinking it, but I'd like a second opinion.",
            "Last time I tried to figure this out on my own it went badly.",
            "I read a few articles about it but they all contradict each other.",
            "A friend told me something completely different yesterday, so now I'm confused.",
            "I don't have a lot of time or money to put into it right now.",
            "It's been on my mind since the weekend.")
PAD_TAILS = {"en": " Just writing it down here so it's somewhere.",
             "ko": " 나중에 물어볼 수도 있으니까 기억해 둬.",
             "zh": " 以后我可能会问你，请记住。"}


def _day_plan(turns: int, rng: random.Random) -> list[str]:
    """ISO dates for every turn: consecutive days with a few turns each."""
    dates: list[str] = []
    day = START_DATE
    while len(dates) < turns:
        dates.extend([day.isoformat()] * rng.choice(TURNS_PER_DAY))
        day += timedelta(days=1)
    return dates[:turns]


def _turns_on(dates: list[str], iso: str) -> list[int]:
    """The 1-based turns that fall on a date."""
    return [index + 1 for index, value in enumerate(dates) if value == iso]


def _fit_user(text: str, language: str) -> str:
    """A user message within the realistic length range."""
    if len(text) < USER_CHARS[0]:
        text += PAD_TAILS[language]
    if not USER_CHARS[0] <= len(text) <= USER_CHARS[1]:
        raise ValueError(f"user message of {len(text)} characters: {text!r}")
    return text


def _assistant(rng: random.Random, lead: str, pool: tuple[str, ...]) -> str:
    """An assistant reply of realistic length: a lead and sentences drawn from a pool."""
    sentences = list(pool)
    rng.shuffle(sentences)
    text = lead
    for sentence in sentences:
        if len(text) >= ASSISTANT_CHARS[0] and rng.random() < 0.35:
            break
        candidate = (text + " " + sentence).strip()
        if len(candidate) > ASSISTANT_CHARS[1]:
            break
        text = candidate
    return text


def _spread(candidates: list[int], count: int, rng: random.Random) -> list[int]:
    """`count` turns taken evenly from sorted candidates, each nudged a little by the seed."""
    if count > len(candidates):
        raise ValueError("not enough free turns to plant the facts")
    step = len(candidates) / count
    chosen: list[int] = []
    for index in range(count):
        position = int(index * step + rng.uniform(0, step))
        position = min(max(position, 0), len(candidates) - 1)
        while candidates[position] in chosen:
            position = (position + 1) % len(candidates)
        chosen.append(candidates[position])
    return sorted(chosen)


def _plant(turns: int, dates: list[str], rng: random.Random) -> dict[int, _Spec]:
    """Which fact is said at which turn: anchored ones on their dates, the rest spread in bands."""
    reserved = {1, *CHECKPOINTS}
    planted: dict[int, _Spec] = {}
    for spec in FACTS:
        if spec.anchor is None:
            continue
        checkpoint, days_ago, _ = spec.anchor
        target = (date.fromisoformat(dates[checkpoint - 1]) - timedelta(days=days_ago)).isoformat()
        options = [t for t in _turns_on(dates, target)
                   if t not in reserved and t not in planted and t <= checkpoint - MIN_QUESTION_GAP]
        if not options:
            raise ValueError(f"no free turn on {target} for {spec.key}")
        planted[options[len(options) // 2]] = spec
    free = [spec for spec in FACTS if spec.anchor is None]
    rng.shuffle(free)
    bands = [(2, CHECKPOINTS[0] - MIN_QUESTION_GAP), (CHECKPOINTS[0] - MIN_QUESTION_GAP + 1,
             CHECKPOINTS[1] - MIN_QUESTION_GAP), (CHECKPOINTS[1] - MIN_QUESTION_GAP + 1,
             CHECKPOINTS[2] - MIN_QUESTION_GAP), (CHECKPOINTS[2] - MIN_QUESTION_GAP + 1, LAST_FACT_TURN)]
    anchored_per_cp = [sum(1 for s in FACTS if s.anchor and s.anchor[0] == cp) for cp in CHECKPOINTS]
    sizes = [QUESTIONS_PER_CHECKPOINT - anchored_per_cp[0], QUESTIONS_PER_CHECKPOINT,
             QUESTIONS_PER_CHECKPOINT - 2]
    sizes.append(len(free) - sum(sizes))
    start = 0
    for (low, high), size in zip(bands, sizes, strict=True):
        candidates = [t for t in range(low, min(high, turns) + 1) if t not in reserved and t not in planted]
        for turn, spec in zip(_spread(candidates, size, rng), free[start:start + size], strict=True):
            planted[turn] = spec
        start += size
    return planted


def _ask(planted: dict[int, _Spec], facts: dict[str, Fact], dates: list[str],
         rng: random.Random) -> dict[int, list[Question]]:
    """The probes of each checkpoint: its anchored facts first, then the newest facts not asked yet."""
    asked: set[str] = set()
    questions: dict[int, list[Question]] = {}
    by_turn = sorted(planted.items())
    for checkpoint in CHECKPOINTS:
        eligible = [spec for turn, spec in by_turn if turn <= checkpoint - MIN_QUESTION_GAP
                    and spec.key not in asked and (spec.anchor is None or spec.anchor[0] == checkpoint)]
        anchored = [spec for spec in eligible if spec.anchor is not None]
        others = sorted((spec for spec in eligible if spec.anchor is None),
                        key=lambda spec: -facts[spec.key].turn)
        chosen = (anchored + others)[:QUESTIONS_PER_CHECKPOINT]
        if len(chosen) < QUESTIONS_PER_CHECKPOINT:
            raise ValueError(f"only {len(chosen)} facts can be asked at turn {checkpoint}")
        paraphrased = set(rng.sample(range(len(chosen)), len(chosen) // 2))
        rows: list[Question] = []
        for index, spec in enumerate(chosen):
            text = spec.paraphrase if index in paraphrased else spec.direct
            days_ago = None
            if spec.anchor is not None:
                days_ago = spec.anchor[1]
                text = f"{text} I told you {spec.anchor[2]}."
            rows.append(Question(text, facts[spec.key], index in paraphrased, checkpoint,
                                 dates[checkpoint - 1], days_ago))
            asked.add(spec.key)
        questions[checkpoint] = sorted(rows, key=lambda q: q.fact.turn)
    return questions


def _filler(rng: random.Random, used: set[str], last_topic: list[str]) -> tuple[str, str]:
    """One unrelated everyday turn, never the same user text twice and never the same topic twice in a row."""
    for _ in range(200):
        topic = rng.choice([name for name in TOPICS if name not in last_topic])
        prompts, sentences = TOPICS[topic]
        index = rng.randrange(len(prompts))
        opener, prompt = rng.choice(OPENERS), prompts[index]
        if opener.endswith(","):
            prompt = prompt if re.match(r"I\b", prompt) else prompt[0].lower() + prompt[1:]
        parts = [opener, prompt, rng.choice(CONTEXTS) if rng.random() < 0.4 else "", rng.choice(TAILS)]
        user = " ".join(part for part in parts if part)
        if user in used or not USER_CHARS[0] <= len(user) <= USER_CHARS[1]:
            continue
        last_topic[:] = [topic]
        rest = tuple(sentence for position, sentence in enumerate(sentences) if position != index)
        return user, _assistant(rng, sentences[index], rest)
    raise ValueError("could not make a new filler turn")


def _check(script: RecallScript) -> None:
    """Refuse a script whose answers leak into other turns or the probes, or whose turns repeat."""
    texts = [" ".join(script.turn_text(t).split()).casefold() for t in range(1, len(script.user_turns) + 1)]
    if len(set(script.user_turns)) != len(script.user_turns):
        raise ValueError("two turns share the same user message")
    probes = [" ".join(q.text.split()).casefold() for q in script.all_questions()]
    for fact in script.facts:
        answer = " ".join(fact.answer.split()).casefold()
        where = [index + 1 for index, text in enumerate(texts) if answer in text]
        if where != [fact.turn]:
            raise ValueError(f"answer {fact.answer!r} of {fact.key} found in turns {where}")
        if any(answer in probe for probe in probes):
            raise ValueError(f"answer {fact.answer!r} of {fact.key} leaks into a question")


def build_script(turns: int = 320, seed: int = 7) -> RecallScript:
    """The same conversation for the same arguments: planted facts, distractors, filler and probes."""
    if turns < CHECKPOINTS[-1]:
        raise ValueError(f"the script needs at least {CHECKPOINTS[-1]} turns")
    rng = random.Random(seed)
    dates = _day_plan(turns, rng)
    planted = _plant(turns, dates, rng)
    users: list[str | None] = [None] * turns
    replies: list[str | None] = [None] * turns
    users[0] = ("Hi! I'm going to use this chat as a running notebook for the next couple of months, so bear "
                "with me if I jump between topics.")
    replies[0] = ("Hello! That works well for me. Tell me whatever you want me to "
                  "keep track of, ask questions whenever you like, and I'll do my "
                  "best to remember the details and help you plan around them.")
    facts: dict[str, Fact] = {}
    for turn, spec in sorted(planted.items()):
        users[turn - 1] = _fit_user(spec.user, spec.language)
        lead = spec.reply or rng.choice(ACKNOWLEDGEMENTS)
        replies[turn - 1] = _assistant(rng, lead, GENERIC_SENTENCES)
        side = "assistant" if spec.reply and spec.answer.casefold() not in spec.user.casefold() else "user"
        facts[spec.key] = Fact(spec.key, spec.category, turn, dates[turn - 1], spec.answer, side,
                               spec.language)
    free = [t for t in range(2, turns + 1) if t not in planted and t not in CHECKPOINTS]
    for spec in FACTS:
        fact_day = date.fromisoformat(facts[spec.key].date)
        for distractor in spec.distractors:
            options = [t for t in free if abs((date.fromisoformat(dates[t - 1]) - fact_day).days) >= 2]
            turn = rng.choice(options)
            free.remove(turn)
            users[turn - 1] = _fit_user(distractor, spec.language)
            replies[turn - 1] = _assistant(rng, rng.choice(ACKNOWLEDGEMENTS), GENERIC_SENTENCES)
    used = {text for text in users if text}
    last_topic: list[str] = []
    for index in range(turns):
        if users[index] is None:
            user, reply = _filler(rng, used, last_topic)
            users[index], replies[index] = user, reply
            used.add(user)
    ordered = sorted(facts.values(), key=lambda fact: fact.turn)
    script = RecallScript([u or "" for u in users], [r or "" for r in replies], dates, ordered)
    script.questions = _ask(planted, facts, dates, rng)
    _check(script)
    return script


def content_words(text: str) -> set[str]:
    """Lowercased words of four or more letters that carry meaning, for checking paraphrases."""
    return {word for word in re.findall(r"\w+", text.casefold()) if len(word) >= 4 and word not in STOP_WORDS}
