"""Money: entry fees paid per round, proofs of payment, prize pools, the fee sheet."""
