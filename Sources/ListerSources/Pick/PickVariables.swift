import Lister
import Subprocess

/// The variables fzf exports to the commands of its actions, for those `lister pick` runs
/// silently (`execute-silent`, the `transform` family): `FZF_QUERY`, `FZF_PROMPT`,
/// `FZF_INPUT_STATE`, `FZF_TOTAL_COUNT`, `FZF_MATCH_COUNT`, `FZF_SELECT_COUNT`, `FZF_POS`,
/// `FZF_DIRECTION`. Scripts written for fzf test them (`[[ $FZF_PROMPT =~ ripgrep ]]`).
struct PickVariables: Sendable {
    var query = ""
    var prompt = ""
    var searchEnabled = true
    var total = 0
    var matches = 0
    var marked = 0
    /// The cursor's place among the matches, from 1 (0: no match).
    var position = 0
    var upward = true

    /// The inherited environment with these variables set.
    var environment: Environment {
        .inherit.updating([
            "FZF_QUERY": query, "FZF_PROMPT": prompt, "FZF_INPUT_STATE": searchEnabled ? "enabled" : "disabled",
            "FZF_TOTAL_COUNT": String(total), "FZF_MATCH_COUNT": String(matches), "FZF_SELECT_COUNT": String(marked),
            "FZF_POS": String(position), "FZF_DIRECTION": upward ? "up" : "down",
        ])
    }
}

extension PickScreen {
    /// The variables of the picker as it is in `context`.
    func variables(_ context: ListContext<Self>) -> PickVariables {
        var variables = PickVariables()
        variables.query = context.filterText
        variables.prompt = options.prompt
        variables.searchEnabled = !options.searchDisabled
        variables.total = context.state.items.count
        let filtering = context.filter?.engine.isFiltering == true
        variables.matches = filtering ? context.filter?.engine.visibleCount ?? 0 : variables.total
        variables.marked = context.marks?.count ?? 0
        if filtering {
            variables.position = (context.filter?.selection).map { $0 + 1 } ?? 0
        } else {
            variables.position = variables.total == 0 ? 0 : context.model.selection + 1
        }
        variables.upward = !options.reverse && !options.reverseList
        return variables
    }
}
