"""Between the two players of a match: writing to the opponent through the bot,
arranging when to play (in each player's time zone), and claiming a no-show."""
