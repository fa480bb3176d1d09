# fish completion for addiction(1). Dynamic words (commands, presets, archived
# deals, the cards that can move now and where to) come from the binary itself.

# The binary as typed, with the game it was told of (-f FILE, --game NAME, or
# --file=FILE, --game=NAME).
# A file typed as ~/game.toml is passed on expanded: the words are typed, not
# yet expanded by fish, and the binary was given a path that does not exist.
function __addiction_words
    set -l tokens (commandline -opc)
    set -l chosen
    for i in (seq 2 (count $tokens))
        switch $tokens[$i]
            case -f --file --game
                test $i -lt (count $tokens); and set chosen $tokens[$i] $tokens[(math $i + 1)]
            case '--file=*' '--game=*'
                set chosen $tokens[$i]
        end
    end
    set chosen (string replace -r '^(--file=)?~(?=/|$)' "\$1$HOME" -- $chosen)
    set -l bin (__addiction_binary); or return
    $bin $chosen complete $argv 2>/dev/null
end

# The binary as typed (~ expanded), or nothing when it cannot be run: fish says
# "Unknown command" itself, whatever 2>/dev/null says, once for each condition.
function __addiction_binary
    set -l tokens (commandline -opc)
    set -l bin (string replace -r '^~(?=/|$)' $HOME -- $tokens[1])
    command -q -- $bin; or return 1
    echo $bin
end

# The index among the words typed of the command: the first word that is
# neither an option nor an option's value (a game may be named new or move:
# `--game new show`); nothing before one is typed. The options that take a
# value come from the binary, asked once a shell.
function __addiction_command_index
    set -l tokens (commandline -opc)
    if not set -q __addiction_value_options
        set -l bin (__addiction_binary)
        and set -g __addiction_value_options ($bin complete value-options 2>/dev/null)
    end
    set -l skip 0
    for i in (seq 2 (count $tokens))
        if test $skip -eq 1
            set skip 0
            continue
        end
        if contains -- $tokens[$i] $__addiction_value_options
            set skip 1
        else if not string match -q -- '-*' $tokens[$i]
            echo $i
            return
        end
    end
    return 1
end

# Whether the command typed is one of $argv.
function __addiction_command_is
    set -l tokens (commandline -opc)
    set -l i (__addiction_command_index); or return 1
    contains -- $tokens[$i] $argv
end

# Whether the command typed so far (none yet: any) takes the global option
# $argv[1]: stats refuses --ascii, rules every global option.
function __addiction_takes
    set -l tokens (commandline -opc)
    set -l i (__addiction_command_index); or return 0
    contains -- $argv[1] (__addiction_words options $tokens[$i])
end

# The card typed after `move`, for its destinations.
function __addiction_move_card
    set -l tokens (commandline -opc)
    set -l i (__addiction_command_index); or return
    test (count $tokens) -gt $i; and echo $tokens[(math $i + 1)]
end

function __addiction_move_args_is
    set -l tokens (commandline -opc)
    set -l i (__addiction_command_index); or return 1
    test (math (count $tokens) - $i) -eq $argv[1]
end

set -l commands new show move shuffle undo redo hint solve deals export replay rules stats games help

complete -c addiction -f
complete -c addiction -n '__addiction_takes --file' -s f -l file -r -F -d 'Game file'
complete -c addiction -n '__addiction_takes --color' -l color -x -a 'auto always never' -d 'Colour the board'
complete -c addiction -n '__addiction_takes --game' -l game -x -a '(__addiction_words games)' -d 'A named game'
complete -c addiction -n '__addiction_takes --no-record' -l no-record -d 'Do not add the game end, nor a note of help, to the record'
complete -c addiction -n '__addiction_takes --ascii' -l ascii -d 'Suit letters instead of symbols'
complete -c addiction -s h -l help -d 'Print help'
complete -c addiction -l version -d 'Print the version'

complete -c addiction -n "not __addiction_command_is $commands" -a '(__addiction_words commands)'

complete -c addiction -n '__addiction_command_is new replay' -a '(__addiction_words deals)' -d 'Archived deal'
complete -c addiction -n '__addiction_command_is new replay' -F
complete -c addiction -n '__addiction_command_is undo redo' -a all -d 'Every action'
complete -c addiction -n '__addiction_command_is help' -a '(__addiction_words commands)'
complete -c addiction -n '__addiction_command_is new' -l from -r -F -d 'Import the deal from a file'
complete -c addiction -n '__addiction_command_is new solve' -s r -l rules -x -a '(__addiction_words presets)' -d 'Rule set'
complete -c addiction -n '__addiction_command_is deals' -s r -l rules -x -a '(__addiction_words presets) custom' -d 'Only these rules'
complete -c addiction -n '__addiction_command_is new solve' -l ranks -x -d 'Cards per suit'
complete -c addiction -n '__addiction_command_is new solve' -l shuffles -x -d 'Shuffles allowed'
complete -c addiction -n '__addiction_command_is new solve' -l redeal -x -a 'random after-run random-slots' -d 'How a shuffle deals'
complete -c addiction -n '__addiction_command_is new solve' -l fill-from-right -d 'Fill the gap left of a successor too'
complete -c addiction -n '__addiction_command_is new' -l force -d 'Replace a game in progress'
complete -c addiction -n '__addiction_command_is new' -l winnable -d 'Only a deal the solver wins'

complete -c addiction -n '__addiction_command_is show' -l json -d 'One JSON object'
complete -c addiction -n '__addiction_command_is show' -l wants -d 'Mark each live gap with the card it wants'
complete -c addiction -n '__addiction_command_is stats' -s r -l rules -x -a '(__addiction_words presets) custom' -d 'Only this rule set'
complete -c addiction -n '__addiction_command_is rules' -a '(__addiction_words presets)' -d 'Rule set'
complete -c addiction -n '__addiction_command_is rules' -l json -d 'JSON for scripts'
complete -c addiction -n '__addiction_command_is stats games' -l json -d 'JSON for scripts'
complete -c addiction -n '__addiction_command_is stats' -l since -x -d 'Games ended on or after DATE'
complete -c addiction -n '__addiction_command_is stats' -l reset -d 'Move the record aside'
complete -c addiction -n '__addiction_command_is games' -l remove -x -a '(__addiction_words games)' -d 'Remove a game'
complete -c addiction -n '__addiction_command_is games' -l force -d 'With --remove: a game in progress too'
complete -c addiction -n '__addiction_command_is show export' -l at -x -d 'Position after N actions'

complete -c addiction -n '__addiction_command_is move; and __addiction_move_args_is 0' -a '(__addiction_words movable)' -d 'Can move'
complete -c addiction -n '__addiction_command_is move; and __addiction_move_args_is 0' -a '(__addiction_words fillable)' -d 'Gap to fill'
complete -c addiction -n '__addiction_command_is move; and __addiction_move_args_is 1' -a '(__addiction_words destinations (__addiction_move_card))' -d 'Gap'

complete -c addiction -n '__addiction_command_is hint' -l all -d 'List every legal action'
complete -c addiction -n '__addiction_command_is hint' -l peek -d 'Plan with the seeded shuffles'
complete -c addiction -n '__addiction_command_is hint' -l json -d 'JSON for scripts'

complete -c addiction -n '__addiction_command_is solve' -l no-shuffle -d 'Plan with moves only'
complete -c addiction -n '__addiction_command_is solve' -l apply -d 'Play the winning line into the game'
complete -c addiction -n '__addiction_command_is solve deals' -l json -d 'JSON for scripts'
complete -c addiction -n '__addiction_command_is solve' -l fair -d 'Play as a fair player'
complete -c addiction -n '__addiction_command_is solve' -l time-limit -x -d 'Stop after SECONDS'
complete -c addiction -n '__addiction_command_is solve' -l memory -x -d 'Memory for positions, MB'
complete -c addiction -n '__addiction_command_is solve' -l positions -x -d 'Stop after N positions'
complete -c addiction -n '__addiction_command_is solve' -l deals -x -d 'Solve deals FROM-TO'
complete -c addiction -n '__addiction_command_is solve' -s j -l jobs -x -d 'Deals solved at once'
complete -c addiction -n '__addiction_command_is solve' -l shard -x -d 'K-th of N shares'
complete -c addiction -n '__addiction_command_is solve' -l resume -r -F -d 'Skip the deals in an earlier output'

complete -c addiction -n '__addiction_command_is export' -l format -x -a '(__addiction_words formats)' -d 'Output format'
complete -c addiction -n '__addiction_command_is export' -s o -l output -r -F -d 'Write to a file'
complete -c addiction -n '__addiction_command_is export' -l with-history -d 'The played line too'
complete -c addiction -n '__addiction_command_is export' -l name -x -d 'Archive name'
complete -c addiction -n '__addiction_command_is export' -l description -x -d 'Archive description'

complete -c addiction -n '__addiction_command_is replay' -l from -x -d 'First position'
complete -c addiction -n '__addiction_command_is replay' -l to -x -d 'Last position'
complete -c addiction -n '__addiction_command_is replay' -l delay -x -d 'Seconds between positions'
