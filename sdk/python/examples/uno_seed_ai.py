"""A COMP 202 (Summer 2020) style student_ai.py: the course's UnoAI interface, nothing else.

Run it as a parlour bot either way:

    python3 -m parlour_bot.uno_seed uno_seed_ai.py     # any file with a class UnoAI
    python3 uno_seed_ai.py                             # this file's own __main__ block

Strategy (the seed's hints): shed the most points first but keep wilds until nothing else fits;
call the colour we hold most of; if the next player is nearly out, hit them with a draw 2/skip.
"""


class UnoAI:
    def play(self, hand, up_card, called_color, game_state):
        """Return the index in hand of the card to play, or -1 to draw."""
        # The colour to follow: the called colour on a wild, else the up card's colour.
        if up_card.color == "none":
            color_to_follow = called_color
        else:
            color_to_follow = up_card.color
        next_player_cards = game_state.get_num_cards_in_hand_of_upcoming_players()[0]

        best_index = -1
        best_score = None
        for index in range(len(hand)):
            card = hand[index]
            if card.color == "none":
                playable = True  # wild and draw 4 go on anything
            elif card.color == color_to_follow:
                playable = True
            elif up_card.color != "none" and card.rank == up_card.rank:
                playable = card.rank != "number" or card.number == up_card.number
            else:
                playable = False
            if not playable:
                continue
            # Points the card would cost us if someone else went out.
            if card.rank == "number":
                score = card.number
            elif card.color == "none":
                score = -100  # keep wilds for when nothing else fits
            else:
                score = 20
            if next_player_cards <= 2 and card.rank in ("skip", "draw 2", "draw 4"):
                score = score + 200
            if best_score is None or score > best_score:
                best_score = score
                best_index = index
        return best_index

    def call_color(self, hand):
        """Return the colour we hold most cards of."""
        counts = {"red": 0, "green": 0, "blue": 0, "yellow": 0}
        for card in hand:
            if card.color in counts:
                counts[card.color] = counts[card.color] + 1
        best = "red"
        for color in counts:
            if counts[color] > counts[best]:
                best = color
        return best


if __name__ == "__main__":
    from parlour_bot.uno_seed import run_seed_ai

    run_seed_ai(UnoAI)
