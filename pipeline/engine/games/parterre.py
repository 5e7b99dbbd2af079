"""Партеръ — Parterre (Le Parterre; modern Flower Garden). One pack. Text: whole (title lost, caption survives)."""
from __future__ import annotations

from ..core import Build, Game, PileSpec, Rule, State

RULES = (
    Rule("I", "I", "Годными картами считаются всякая карта въ букетѣ и верхняя карта партера. Снятіе верхнихъ "
         "картъ освобождаетъ нижнія.",
         "Every card of the bouquet and the top card of each bed are available; removing a top card frees the one "
         "below."),
    Rule("II", "II", "Основныя карты выбираются во время игры.", "The foundations are found during play."),
    Rule("III", "III", "Карты, которыя кладутъ по порядку въ партеръ, могутъ быть разныхъ мастей.",
         "Cards built in order on the beds may be of any suit."),
    Rule("deal", "play", "Шесть пачекъ по шести картъ, всѣ карты видны (партеры); шестнадцать остальныхъ — букетъ.",
         "Six beds of six cards, all showing; the other sixteen cards are the bouquet, held in hand."),
    Rule("aces", "play", "Четыре туза — основныя карты; они восходятъ до королей.",
         "The four aces are the foundations; they build up to the kings."),
    Rule("suit", "play", "На основаніяхъ масти соблюдаются.", "The foundations follow suit.",
         source="reconstructed",
         origin="not in the Russian text; the standard Flower Garden (Dalton, Patience Games, ch. XXII; PySolFC; "
         "Solvitaire); Cadogan's own wording not yet checked"),
    Rule("down", "play", "Карты кладутся въ партеръ въ нисходящемъ порядкѣ и перекладываются изъ пачки въ пачку "
         "сколько угодно разъ, по одной.",
         "Cards are built down on the beds and moved between beds as often as wished, one at a time."),
    Rule("bouquet", "play", "Карты изъ букета нельзя возвращать.", "A card once taken from the bouquet cannot go back."),
    Rule("space", "play", "Опустѣвшую пачку начинаютъ снова любою картою изъ букета или изъ партера.",
         "An emptied bed may be started with any card of the bouquet or of the beds."),
    Rule("once", "play", "Игра можетъ быть сдѣлана только одинъ разъ.", "The game is played once only (no redeal)."),
)


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
                 take=False, build=Build(+1, "same"), base=(1,), rules=("II", "aces", "suit")),
        PileSpec("bed", "tableau", tuple((i * 1.2, 1.5) for i in range(6)), "Партеръ", "Bed", fan="down",
                 build=Build(-1, "any"), base=None, rules=("I", "III", "down", "space")),
        # each bouquet card its own one-card pile, because every bouquet card is available (rule I)
        PileSpec("bouquet", "bouquet", tuple((i * 0.45, 6.5) for i in range(16)), "Букетъ", "Bouquet",
                 base=(), rules=("I", "bouquet")),  # overlapping places: shown as a fan held in hand
        PileSpec("stock", "stock", ((8.0, 0.0),), "Колода", "Pack", take=False, face_down=True, rules=("deal",)),
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
