// The guidelines every study starts with, for the three tasks, until its lead writes their own.
// Markdown-ish plain text ("#" headings, "-" list items, blank lines between paragraphs),
// always shown as text. The examples are original, made for this app.

export const DEFAULT_GUIDELINES = `# How to label

You see the puzzle's story and its reference answer (the hidden truth). Judge every item from those two texts alone. Work at a steady pace; if you hesitate, choose the best label, press S to mark it unsure and, if it helps, press E to say why in a note.

# Answering questions (yes / no / irrelevant / unknown)

A player who only knows the story asked this question. Answer it as a fair game host who knows the reference answer would.

- yes: the reference answer makes the question true, directly or by plain implication.
- no: the reference answer makes the question false, directly or by plain implication.
- irrelevant: the question has no bearing on the solution, or the reference answer does not settle it and it does not matter for solving the puzzle.
- unknown (only when the study offers it): the question does matter, but the reference answer does not say either way.

Read a question as a player means it, not word by word. Judge each question on its own: the earlier questions are shown only so you know what the player has in mind.

Example. Story: "A man orders a bowl of soup in a café, tastes it, pays, and walks out smiling without finishing it." Reference answer: "He used to own the café; the soup still tastes like his old recipe, so he knows the new owners kept it."
- "Has he been to this café before?" yes (he owned it).
- "Is the soup too hot?" no.
- "Is it raining outside?" irrelevant.
- "Did he cook the soup himself that day?" no (the new owners did).

# Final answers (matched / unmatched)

The player proposed a full solution. Compare it with the reference answer.

- matched: it gets the key point of the reference answer right. Different words, extra harmless detail or small slips in minor details are fine.
- unmatched: it misses the key point, gets it wrong, or only lists possibilities without committing to the right one.

Example, for the café puzzle above:
- "He was the former owner and was glad his recipe lives on." matched.
- "He wanted to test whether the soup was any good." unmatched (the key point, that it was his own recipe, is missing).

# Rating difficulty (1 to 9)

Read the story and the reference answer, then rate how hard it would be for a thoughtful person to reach that answer by asking yes/no questions.

- 1 to 3, easy: the answer follows from one or two natural questions; the story points straight at it.
- 4 to 6, medium: it takes a few linked insights or one idea that is not obvious at first.
- 7 to 9, hard: it rests on an unusual fact, a misleading story or several leaps that few people would make.

Use the whole scale: 1 for the easiest puzzle you can imagine, 9 for one almost nobody solves. Rate the puzzle, not how you feel about it, and do not look for a rating anywhere else.

Examples.
- "A gardener waters her tomatoes every day, even in pouring rain." Reference: "They grow in a greenhouse, where the rain never reaches them." About 2: the first question about where they grow finds it.
- "A man is delighted when his new watch stops." Reference: "He tests diving gear; the watch was sold as safe to 100 metres and only stopped at 130, so the maker's promise holds." About 8: nothing in the story points to water, and stopping sounds like bad news.
`;
