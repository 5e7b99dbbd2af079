"""Партеръ — Parterre (Le Parterre; modern Flower Garden). One pack. Text: whole (title lost, caption survives)."""
from __future__ import annotations

from ..core import Build, Game, PileSpec, Rule, State

RULES = (
    Rule("I", "I", "Годными картами считаются всякая карта въ букетѣ и верхняя карта партера. Снятіе верхнихъ "
         "картъ освобождаетъ нижнія.",
         "Every card of the bouquet and the top card of each bed are available; removing a top card frees the one "
         "below.", cite="parterre-rule-I"),
    Rule("II", "II", "Основныя карты выбираются во время игры.", "The foundations are found during play.",
         cite="parterre-rule-II"),
    Rule("III", "III", "Карты, которыя кладутъ по порядку въ партеръ, могутъ быть разныхъ мастей.",
         "Cards built in order on the beds may be of any suit.", cite="parterre-rule-III"),
    Rule("deal", "play", "Раскладываютъ шесть пачекъ по шести картъ такъ, чтобы каждая карта была видна — это "
         "называется партерами.", "Six beds of six cards, spread so that every card shows.", cite="parterre-p1"),
    Rule("aces", "play", "Четыре туза составляютъ основныя карты, и они восходятъ до королей (правило II).",
         "The four aces are the foundations; they build up to the kings.", cite="parterre-p1"),
    Rule("hand", "play", "Въ рукахъ держатъ шестнадцать остальныхъ картъ, которыя составятъ букетъ.",
         "The other sixteen cards are held in hand: the bouquet.", cite="parterre-p2"),
    Rule("play", "play", "Изъ букета или изъ партера берутъ тузовъ или другія подходящія карты (правило I) и "
         "играютъ ихъ.", "Aces and other cards that fit are played from the bouquet or the beds.",
         cite="parterre-p2"),
    Rule("suit", "play", "На основаніяхъ масти соблюдаются.", "The foundations follow suit.",
         source="reconstructed",
         origin="в русском тексте нет; обычный «Flower Garden» (Dalton, «Patience Games», гл. XXII; PySolFC; "
                "Solvitaire); собственные слова Кадоган ещё не проверены"),
    Rule("down", "play", "Вслѣдъ затѣмъ карты размѣщаются въ партерѣ въ нисходящемъ порядкѣ, при этомъ ихъ "
         "перекладываютъ изъ однѣхъ пачекъ въ другія, сколько угодно разъ (правило I и II).",
         "Cards are built down on the beds and moved between beds as often as wished, one at a time.",
         cite="parterre-p3"),
    Rule("from-bouquet", "play", "Такимъ же образомъ кладутся карты изъ букета.",
         "Bouquet cards are built on the beds the same way.", cite="parterre-p4"),
    Rule("bouquet", "play", "Карты изъ букета нельзя возвращать;", "A card once taken from the bouquet cannot go "
         "back.", cite="parterre-p6"),
    Rule("once", "play", "игра можетъ быть сдѣлана только одинъ разъ.", "The game is played once only (no redeal).",
         cite="parterre-p6"),
    Rule("space", "play", "Когда вышли карты цѣлой пачки, то начинаютъ составлять новую пачку съ помощью картъ изъ "
         "букета или изъ партера (правило I), и часто это единственное средство сдвинуть короля, котораго нельзя "
         "переводить, такъ какъ это высшая карта.",
         "An emptied bed may be started with any card of the bouquet or of the beds: often the only way to move a "
         "king, which goes on nothing, being the highest card.", cite="parterre-p6"),
)

# sentences of the chapter that state no rule of their own
DESCRIPTIVE = {
    "parterre-p5": "пример книги к правилам III, «down» и «from-bouquet» (6♦ на 7♣, 10♥ из букета на валета ♦); "
                   "своего правила нет: его разыгрывает тест правила III",
    "parterre-p6.s1": "замечание о трудности игры, не правило",
    "parterre-p6.s3": "совет (осторожность в раскладке и игре; ничто не обязательно): движок ни к какому ходу не "
                      "принуждает, так что сверх этого правила здесь нет",
}


class Parterre(Game):
    slug = "parterre"
    number = 17
    title_ru = "Партеръ"
    title_en = "Le Parterre"
    title_supplied = True  # the chapter's title is lost; the caption «Партеръ» survives
    decks = 1
    rules = RULES
    notes = "Moves in the beds are of one card at a time: rule I makes only the top card of a bed available."
    piles = (
        PileSpec("foundation", "foundation", tuple((1.5 + i * 1.2, 0.0) for i in range(4)), "Основаніе", "Foundation",
                 take=False, build=Build(+1, "same"), base=(1,), rules=("II", "aces", "play", "suit")),
        PileSpec("bed", "tableau", tuple((i * 1.2, 1.5) for i in range(6)), "Партеръ", "Bed", fan="down",
                 build=Build(-1, "any"), base=None, rules=("I", "III", "deal", "down", "from-bouquet", "space")),
        # each bouquet card its own one-card pile, because every bouquet card is available (rule I)
        PileSpec("bouquet", "bouquet", tuple((i * 0.45, 6.5) for i in range(16)), "Букетъ", "Bouquet",
                 base=(), rules=("I", "hand", "bouquet")),  # overlapping places: shown as a fan held in hand
        PileSpec("stock", "stock", ((8.0, 0.0),), "Колода", "Pack", take=False, face_down=True,
                 rules=("deal", "hand", "once")),
    )

    def setup(self, state: State):
        stock = self.index["stock"]
        beds = self.group("bed")
        for _ in range(6):  # dealt row by row, left to right
            for bed in beds:
                yield state.move_step(stock, bed)
        for slot in self.group("bouquet"):
            yield state.move_step(stock, slot)


GAME = Parterre
