import ListerSources

/// The scripts of `lister pick --bash`, `--zsh`, `--fish`: CTRL-T puts paths under the current
/// directory on the command line, CTRL-R a line of the history (newest first), ALT-C changes
/// to a directory. Each calls `lister pick` with `LISTER_CTRL_T_OPTS`, `LISTER_CTRL_R_OPTS`
/// or `LISTER_ALT_C_OPTS` after `LISTER_DEFAULT_OPTS`; `LISTER_CTRL_T_COMMAND` and
/// `LISTER_ALT_C_COMMAND` replace the `find` commands that list the candidates.
enum PickShellScripts {
    /// The script for `shell`.
    static func script(for shell: PickShell) -> String {
        switch shell {
        case .bash: bash
        case .zsh: zsh
        case .fish: fish
        }
    }

    /// Files, directories and links under `.`, hidden ones and pseudo file systems skipped.
    static let findPaths = #"find -L . -mindepth 1 \( -path '*/.*' -o -fstype sysfs -o -fstype devfs -o -fstype devtmpfs -o -fstype proc \) -prune -o -type f -print -o -type d -print -o -type l -print 2> /dev/null | cut -b3-"#

    /// Directories under `.`, hidden ones and pseudo file systems skipped.
    static let findDirectories = #"find -L . -mindepth 1 \( -path '*/.*' -o -fstype sysfs -o -fstype devfs -o -fstype devtmpfs -o -fstype proc \) -prune -o -type d -print 2> /dev/null | cut -b3-"#

    static let bash = #"""
        # lister pick key bindings for bash (eval "$(lister pick --bash)" in ~/.bashrc)
        #   CTRL-T  paths under the current directory, put on the command line
        #   CTRL-R  a line of the history, newest first, put on the command line
        #   ALT-C   change to a directory under the current one
        # LISTER_CTRL_T_OPTS, LISTER_CTRL_R_OPTS, LISTER_ALT_C_OPTS: options of each picker;
        # LISTER_CTRL_T_COMMAND, LISTER_ALT_C_COMMAND: the commands that list the candidates.
        if [[ $- == *i* ]] && (( BASH_VERSINFO[0] >= 4 )); then

        __lister_pick__() {
          local opts=$1; shift
          LISTER_DEFAULT_OPTS="--height 40% --bind=ctrl-z:ignore $LISTER_DEFAULT_OPTS $opts" command lister pick "$@"
        }

        __lister_file_widget__() {
          local selected item
          selected=$(eval "${LISTER_CTRL_T_COMMAND:-\#(findPaths)}" \
            | __lister_pick__ "$LISTER_CTRL_T_OPTS" -m \
            | while IFS= read -r item; do printf '%q ' "$item"; done)
          READLINE_LINE="${READLINE_LINE:0:READLINE_POINT}$selected${READLINE_LINE:READLINE_POINT}"
          READLINE_POINT=$(( READLINE_POINT + ${#selected} ))
        }

        __lister_history_widget__() {
          local selected
          selected=$(HISTTIMEFORMAT= builtin fc -lnr -2147483648 2> /dev/null \
            | sed 's/^[[:space:]]*//' | awk 'NF && !seen[$0]++' \
            | __lister_pick__ "$LISTER_CTRL_R_OPTS" +s +m --query "$READLINE_LINE") || return
          READLINE_LINE=$selected
          READLINE_POINT=${#READLINE_LINE}
        }

        __lister_cd_widget__() {
          local dir
          dir=$(eval "${LISTER_ALT_C_COMMAND:-\#(findDirectories)}" \
            | __lister_pick__ "$LISTER_ALT_C_OPTS" +m) || return
          [[ -n $dir ]] && builtin cd -- "$dir" && printf 'cd %q\n' "$dir"
        }

        bind -m emacs-standard -x '"\C-t": __lister_file_widget__'
        bind -m vi-insert -x '"\C-t": __lister_file_widget__'
        bind -m emacs-standard -x '"\C-r": __lister_history_widget__'
        bind -m vi-insert -x '"\C-r": __lister_history_widget__'
        bind -m emacs-standard -x '"\ec": __lister_cd_widget__'
        bind -m vi-insert -x '"\ec": __lister_cd_widget__'

        fi

        """#

    static let zsh = #"""
        # lister pick key bindings for zsh (source <(lister pick --zsh) in ~/.zshrc)
        #   CTRL-T  paths under the current directory, put on the command line
        #   CTRL-R  a line of the history, newest first, put on the command line
        #   ALT-C   change to a directory under the current one
        # LISTER_CTRL_T_OPTS, LISTER_CTRL_R_OPTS, LISTER_ALT_C_OPTS: options of each picker;
        # LISTER_CTRL_T_COMMAND, LISTER_ALT_C_COMMAND: the commands that list the candidates.
        if [[ -o interactive ]]; then

        __lister_pick() {
          local opts=$1; shift
          LISTER_DEFAULT_OPTS="--height 40% --bind=ctrl-z:ignore $LISTER_DEFAULT_OPTS $opts" command lister pick "$@"
        }

        lister-file-widget() {
          setopt localoptions pipefail no_aliases 2> /dev/null
          local item selected=""
          eval "${LISTER_CTRL_T_COMMAND:-\#(findPaths)}" | __lister_pick "$LISTER_CTRL_T_OPTS" -m | while IFS= read -r item; do
            selected+="${(q)item} "
          done
          LBUFFER="${LBUFFER}${selected}"
          zle reset-prompt
        }

        lister-history-widget() {
          setopt localoptions pipefail no_aliases 2> /dev/null
          local selected
          selected=$(fc -rln 1 | awk 'NF && !seen[$0]++' | __lister_pick "$LISTER_CTRL_R_OPTS" +s +m --query "$LBUFFER")
          if [[ -n $selected ]]; then
            BUFFER=$selected
            CURSOR=$#BUFFER
          fi
          zle reset-prompt
        }

        lister-cd-widget() {
          setopt localoptions pipefail no_aliases 2> /dev/null
          local dir
          dir=$(eval "${LISTER_ALT_C_COMMAND:-\#(findDirectories)}" | __lister_pick "$LISTER_ALT_C_OPTS" +m)
          if [[ -z $dir ]]; then
            zle redisplay
            return 0
          fi
          zle push-line
          BUFFER="builtin cd -- ${(q)dir}"
          zle accept-line
        }

        zle -N lister-file-widget
        zle -N lister-history-widget
        zle -N lister-cd-widget
        for keymap in emacs viins vicmd; do
          bindkey -M $keymap '^T' lister-file-widget
          bindkey -M $keymap '^R' lister-history-widget
          bindkey -M $keymap '\ec' lister-cd-widget
        done
        unset keymap

        fi

        """#

    static let fish = #"""
        # lister pick key bindings for fish (lister pick --fish | source, in config.fish)
        #   CTRL-T  paths under the current directory, put on the command line
        #   CTRL-R  a line of the history, newest first, put on the command line
        #   ALT-C   change to a directory under the current one
        # LISTER_CTRL_T_OPTS, LISTER_CTRL_R_OPTS, LISTER_ALT_C_OPTS: options of each picker;
        # LISTER_CTRL_T_COMMAND, LISTER_ALT_C_COMMAND: the commands that list the candidates.

        function __lister_pick
            set -l opts $argv[1]
            set -e argv[1]
            LISTER_DEFAULT_OPTS="--height 40% --bind=ctrl-z:ignore $LISTER_DEFAULT_OPTS $opts" command lister pick $argv
        end

        function lister-file-widget
            set -l cmd $LISTER_CTRL_T_COMMAND
            test -n "$cmd"; or set cmd "\#(findPaths)"
            set -l selected (eval $cmd | __lister_pick "$LISTER_CTRL_T_OPTS" -m)
            if test (count $selected) -gt 0
                commandline -it -- (string join ' ' -- (string escape -- $selected))' '
            end
            commandline -f repaint
        end

        function lister-history-widget
            set -l selected (history | awk 'NF && !seen[$0]++' | __lister_pick "$LISTER_CTRL_R_OPTS" +s +m --query (commandline))
            if test -n "$selected"
                commandline -r -- $selected
            end
            commandline -f repaint
        end

        function lister-cd-widget
            set -l cmd $LISTER_ALT_C_COMMAND
            test -n "$cmd"; or set cmd "\#(findDirectories)"
            set -l dir (eval $cmd | __lister_pick "$LISTER_ALT_C_OPTS" +m)
            if test -n "$dir"
                builtin cd -- $dir
            end
            commandline -f repaint
        end

        bind \ct lister-file-widget
        bind \cr lister-history-widget
        bind \ec lister-cd-widget
        if bind -M insert > /dev/null 2>&1
            bind -M insert \ct lister-file-widget
            bind -M insert \cr lister-history-widget
            bind -M insert \ec lister-cd-widget
        end

        """#
}
