"""Run every benchmark and print its figures: `make bench`."""

from bench import (
    answers_shown,
    deadlines,
    document_answers,
    document_limits,
    first_tokens,
    flat_cost,
    flat_dialogue,
    flat_turns,
    leaks,
    local_model,
    locomo,
    many_people,
    multilingual,
    paste_cost,
    policies,
    prefix_reuse,
    prompt_cache,
    recall,
    recall_probe,
    reply_first,
    scale_out,
    search_cost,
    stress,
    summary_quality,
    sums_in_words,
    tool_bounds,
    tool_questions,
)

if __name__ == "__main__":
    flat_cost.main()
    print()
    flat_turns.main([])
    print()
    stress.main()
    print()
    scale_out.main()
    print()
    many_people.main([])
    print()
    policies.main()
    print()
    recall.main(["--bundled"])
    print()
    recall_probe.main()
    print()
    tool_questions.main(["--bundled"])
    print()
    sums_in_words.main([])
    print()
    document_limits.main()
    print()
    document_answers.main([])
    print()
    tool_bounds.main()
    print()
    deadlines.main()
    print()
    local_model.main()
    print()
    prompt_cache.main()
    print()
    reply_first.main([])
    print()
    leaks.main()
    print()
    search_cost.main([])
    print()
    paste_cost.main([])
    print()
    locomo.main([])  # only with LoCoMo data (not in the repository): ../shared/data/locomo-dev
    print()
    multilingual.main([])  # only with ../shared/data/multilingual-dev and its measure in ../shared/tools
    print()
    prefix_reuse.main([])  # likewise
    print()
    first_tokens.main([])  # likewise
    print()
    summary_quality.main([])  # likewise
    print()
    answers_shown.main([])  # likewise
    print()
    flat_dialogue.main([])  # likewise
