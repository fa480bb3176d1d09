# bash completion for addiction(1). Dynamic words (commands, rule sets, archived
# deals, the cards that can move now and where to) come from the binary itself:
# `addiction complete ...`, so this script never goes stale.

_addiction_words() {
    # The binary as typed, with the game file option if one was given.
    "${_addiction_cmd[@]}" complete "$@" 2>/dev/null | cut -f1
}

_addiction() {
    local cur=${COMP_WORDS[COMP_CWORD]}
    local prev=""
    ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
    _addiction_cmd=("${COMP_WORDS[0]}")
    COMPREPLY=()

    # Find the subcommand and the positional arguments typed after it.
    local i word command="" skip=0
    local -a args=()
    for ((i = 1; i < COMP_CWORD; i++)); do
        word=${COMP_WORDS[i]}
        if ((skip)); then
            skip=0
            continue
        fi
        case $word in
            -f | --file)
                skip=1
                _addiction_cmd+=(--file "${COMP_WORDS[i + 1]}")
                ;;
            --game)
                skip=1
                _addiction_cmd+=(--game "${COMP_WORDS[i + 1]}")
                ;;
            --color | -r | --rules | --ranks | --shuffles | --redeal | --from | --to | --at | --format | \
                -o | --output | --name | --description | --delay | --time-limit | --memory | --positions | \
                --deals | -j | --jobs | --shard | --resume | --since | --remove)
                skip=1
                ;;
            -*) ;;
            *)
                if [[ -z $command ]]; then command=$word; else args+=("$word"); fi
                ;;
        esac
    done

    case $prev in
        -f | --file | -o | --output)
            COMPREPLY=($(compgen -f -- "$cur"))
            return
            ;;
        --from)
            if [[ $command == new ]]; then COMPREPLY=($(compgen -f -- "$cur")); fi
            return
            ;;
        --color)
            COMPREPLY=($(compgen -W "auto always never" -- "$cur"))
            return
            ;;
        --game | --remove)
            COMPREPLY=($(compgen -W "$(_addiction_words games)" -- "$cur"))
            return
            ;;
        --since)
            return
            ;;
        -r | --rules)
            # stats and deals also take custom, the group of every custom game
            local presets
            presets=$(_addiction_words presets)
            [[ $command == stats || $command == deals ]] && presets+=" custom"
            COMPREPLY=($(compgen -W "$presets" -- "$cur"))
            return
            ;;
        --redeal)
            COMPREPLY=($(compgen -W "random after-run random-slots" -- "$cur"))
            return
            ;;
        --format)
            COMPREPLY=($(compgen -W "$(_addiction_words formats)" -- "$cur"))
            return
            ;;
        --ranks | --shuffles | --to | --at | --name | --description | --delay | --time-limit | --memory | \
            --positions | --deals | -j | --jobs | --shard)
            return
            ;;
        --resume)
            COMPREPLY=($(compgen -f -- "$cur"))
            return
            ;;
    esac

    local global="-f --file --game --no-record --color --ascii -h --help --version"
    if [[ -z $command ]]; then
        if [[ $cur == -* ]]; then
            COMPREPLY=($(compgen -W "$global" -- "$cur"))
        else
            COMPREPLY=($(compgen -W "$(_addiction_words commands)" -- "$cur"))
        fi
        return
    fi

    local options=""
    case $command in
        new) options="--from -r --rules --ranks --shuffles --redeal --fill-from-right --force --winnable" ;;
        show) options="--json --at --wants" ;;
        stats) options="-r --rules --json --since --reset" ;;
        games) options="--json --remove --force" ;;
        hint) options="--all --peek --json" ;;
        solve) options="--no-shuffle --apply --json --fair --time-limit --memory --positions --deals -r --rules --ranks --shuffles --redeal --fill-from-right -j --jobs --shard --resume" ;;
        deals) options="--json -r --rules" ;;
        export) options="--format -o --output --at --with-history --name --description" ;;
        replay) options="--from --to --delay" ;;
        rules) options="--json" ;;
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$options $global" -- "$cur"))
        return
    fi

    case $command in
        new | replay)
            # An archived deal, or a deal file: the names new and replay both take.
            if ((${#args[@]} == 0)); then
                COMPREPLY=($(compgen -W "$(_addiction_words deals)" -- "$cur") $(compgen -f -- "$cur"))
            fi
            ;;
        undo | redo)
            ((${#args[@]} == 0)) && COMPREPLY=($(compgen -W "all" -- "$cur"))
            ;;
        rules)
            ((${#args[@]} == 0)) && COMPREPLY=($(compgen -W "$(_addiction_words presets)" -- "$cur"))
            ;;
        help)
            ((${#args[@]} == 0)) && COMPREPLY=($(compgen -W "$(_addiction_words commands)" -- "$cur"))
            ;;
        move)
            if ((${#args[@]} == 0)); then
                COMPREPLY=($(compgen -W "$(_addiction_words movable)" -- "${cur^^}"))
            elif ((${#args[@]} == 1)); then
                COMPREPLY=($(compgen -W "$(_addiction_words destinations "${args[0]}")" -- "$cur"))
            fi
            ;;
    esac
}

complete -F _addiction addiction
