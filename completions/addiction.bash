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
    # bash splits --rules=mini at the '=': the option is the word before it.
    if [[ $cur == = ]]; then
        cur=""
    elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then
        prev=${COMP_WORDS[COMP_CWORD - 2]}
    fi
    _addiction_cmd=("${COMP_WORDS[0]}")
    COMPREPLY=()

    # Find the subcommand and the positional arguments typed after it. The
    # options that take a value come from the binary: their value is skipped.
    local i word value command="" skip=0
    local -a args=()
    local value_options
    value_options=" $("${COMP_WORDS[0]}" complete value-options 2>/dev/null | tr '\n' ' ') "
    for ((i = 1; i < COMP_CWORD; i++)); do
        word=${COMP_WORDS[i]}
        if ((skip)); then
            ((skip--))
            continue
        fi
        # An option's value: the next word, or the one after '=' (--game=lunch).
        value=${COMP_WORDS[i + 1]}
        local taken=1
        if [[ $value == = ]]; then
            value=${COMP_WORDS[i + 2]}
            taken=2
        fi
        # A file typed as ~/game.toml: the words are as typed, not yet expanded,
        # and the binary was given a path that does not exist.
        [[ $value == "~" || $value == "~/"* ]] && value=$HOME${value:1}
        case $word in
            # Only a value already typed: the word being typed (empty at first) is
            # not one yet, and `--game ''` would make every call refuse it.
            -f | --file)
                skip=$taken
                ((i + taken < COMP_CWORD)) && [[ -n $value ]] && _addiction_cmd+=(--file "$value")
                ;;
            --game)
                skip=$taken
                ((i + taken < COMP_CWORD)) && [[ -n $value ]] && _addiction_cmd+=(--game "$value")
                ;;
            -*)
                [[ $value_options == *" $word "* ]] && skip=$taken
                ;;
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

    # The command's options and the global ones it takes, from the binary.
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$(_addiction_words options "$command")" -- "$cur"))
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
                # A card that can move (typed in either case), or a gap it fills (move SLOT).
                COMPREPLY=($(compgen -W "$(_addiction_words movable)" -- "${cur^^}")
                    $(compgen -W "$(_addiction_words fillable)" -- "$cur"))
            elif ((${#args[@]} == 1)); then
                COMPREPLY=($(compgen -W "$(_addiction_words destinations "${args[0]}")" -- "$cur"))
            fi
            ;;
    esac
}

complete -F _addiction addiction
