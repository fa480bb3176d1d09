# fish completion for addiction(1). Dynamic words (commands, presets, archived
# deals, the cards that can move now and where to) come from the binary itself.

# The binary as typed, with the game it was told of (-f FILE, --game NAME, or
# --file=FILE, --game=NAME).
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
    $tokens[1] $chosen complete $argv 2>/dev/null
end

# Whether the command typed so far (none yet: any) takes the global option
# $argv[1]: stats refuses --ascii, rules every global option.
function __addiction_takes
    set -l commands (__addiction_words commands | string replace -r '\t.*' '')
    for token in (commandline -opc)[2..-1]
        if contains -- $token $commands
            contains -- $argv[1] (__addiction_words options $token)
            return
        end
    end
    return 0
end

# The card typed after `move`, for its destinations.
function __addiction_move_card
    set -l tokens (commandline -opc)
    set -l i (contains -i -- move $tokens)
    test -n "$i"; and echo $tokens[(math $i + 1)]
end

function __addiction_move_args_is
    set -l tokens (commandline -opc)
    set -l i (contains -i -- move $tokens)
    test -n "$i"; or return 1
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

complete -c addiction -n "not __fish_seen_subcommand_from $commands" -a '(__addiction_words commands)'

complete -c addiction -n '__fish_seen_subcommand_from new replay' -a '(__addiction_words deals)' -d 'Archived deal'
complete -c addiction -n '__fish_seen_subcommand_from new replay' -F
complete -c addiction -n '__fish_seen_subcommand_from undo redo' -a all -d 'Every action'
complete -c addiction -n '__fish_seen_subcommand_from help' -a '(__addiction_words commands)'
complete -c addiction -n '__fish_seen_subcommand_from new' -l from -r -F -d 'Import the deal from a file'
complete -c addiction -n '__fish_seen_subcommand_from new solve' -s r -l rules -x -a '(__addiction_words presets)' -d 'Rule set'
complete -c addiction -n '__fish_seen_subcommand_from deals' -s r -l rules -x -a '(__addiction_words presets) custom' -d 'Only these rules'
complete -c addiction -n '__fish_seen_subcommand_from new solve' -l ranks -x -d 'Cards per suit'
complete -c addiction -n '__fish_seen_subcommand_from new solve' -l shuffles -x -d 'Shuffles allowed'
complete -c addiction -n '__fish_seen_subcommand_from new solve' -l redeal -x -a 'random after-run random-slots' -d 'How a shuffle deals'
complete -c addiction -n '__fish_seen_subcommand_from new solve' -l fill-from-right -d 'Fill the gap left of a successor too'
complete -c addiction -n '__fish_seen_subcommand_from new' -l force -d 'Replace a game in progress'
complete -c addiction -n '__fish_seen_subcommand_from new' -l winnable -d 'Only a deal the solver wins'

complete -c addiction -n '__fish_seen_subcommand_from show' -l json -d 'One JSON object'
complete -c addiction -n '__fish_seen_subcommand_from show' -l wants -d 'Mark each live gap with the card it wants'
complete -c addiction -n '__fish_seen_subcommand_from stats' -s r -l rules -x -a '(__addiction_words presets) custom' -d 'Only this rule set'
complete -c addiction -n '__fish_seen_subcommand_from rules' -a '(__addiction_words presets)' -d 'Rule set'
complete -c addiction -n '__fish_seen_subcommand_from rules' -l json -d 'JSON for scripts'
complete -c addiction -n '__fish_seen_subcommand_from stats games' -l json -d 'JSON for scripts'
complete -c addiction -n '__fish_seen_subcommand_from stats' -l since -x -d 'Games ended on or after DATE'
complete -c addiction -n '__fish_seen_subcommand_from stats' -l reset -d 'Move the record aside'
complete -c addiction -n '__fish_seen_subcommand_from games' -l remove -x -a '(__addiction_words games)' -d 'Remove a game'
complete -c addiction -n '__fish_seen_subcommand_from games' -l force -d 'With --remove: a game in progress too'
complete -c addiction -n '__fish_seen_subcommand_from show export' -l at -x -d 'Position after N actions'

complete -c addiction -n '__fish_seen_subcommand_from move; and __addiction_move_args_is 0' -a '(__addiction_words movable)' -d 'Can move'
complete -c addiction -n '__fish_seen_subcommand_from move; and __addiction_move_args_is 0' -a '(__addiction_words fillable)' -d 'Gap to fill'
complete -c addiction -n '__fish_seen_subcommand_from move; and __addiction_move_args_is 1' -a '(__addiction_words destinations (__addiction_move_card))' -d 'Gap'

complete -c addiction -n '__fish_seen_subcommand_from hint' -l all -d 'List every legal action'
complete -c addiction -n '__fish_seen_subcommand_from hint' -l peek -d 'Plan with the seeded shuffles'
complete -c addiction -n '__fish_seen_subcommand_from hint' -l json -d 'JSON for scripts'

complete -c addiction -n '__fish_seen_subcommand_from solve' -l no-shuffle -d 'Plan with moves only'
complete -c addiction -n '__fish_seen_subcommand_from solve' -l apply -d 'Play the winning line into the game'
complete -c addiction -n '__fish_seen_subcommand_from solve deals' -l json -d 'JSON for scripts'
complete -c addiction -n '__fish_seen_subcommand_from solve' -l fair -d 'Play as a fair player'
complete -c addiction -n '__fish_seen_subcommand_from solve' -l time-limit -x -d 'Stop after SECONDS'
complete -c addiction -n '__fish_seen_subcommand_from solve' -l memory -x -d 'Memory for positions, MB'
complete -c addiction -n '__fish_seen_subcommand_from solve' -l positions -x -d 'Stop after N positions'
complete -c addiction -n '__fish_seen_subcommand_from solve' -l deals -x -d 'Solve deals FROM-TO'
complete -c addiction -n '__fish_seen_subcommand_from solve' -s j -l jobs -x -d 'Deals solved at once'
complete -c addiction -n '__fish_seen_subcommand_from solve' -l shard -x -d 'K-th of N shares'
complete -c addiction -n '__fish_seen_subcommand_from solve' -l resume -r -F -d 'Skip the deals in an earlier output'

complete -c addiction -n '__fish_seen_subcommand_from export' -l format -x -a '(__addiction_words formats)' -d 'Output format'
complete -c addiction -n '__fish_seen_subcommand_from export' -s o -l output -r -F -d 'Write to a file'
complete -c addiction -n '__fish_seen_subcommand_from export' -l with-history -d 'The played line too'
complete -c addiction -n '__fish_seen_subcommand_from export' -l name -x -d 'Archive name'
complete -c addiction -n '__fish_seen_subcommand_from export' -l description -x -d 'Archive description'

complete -c addiction -n '__fish_seen_subcommand_from replay' -l from -x -d 'First position'
complete -c addiction -n '__fish_seen_subcommand_from replay' -l to -x -d 'Last position'
complete -c addiction -n '__fish_seen_subcommand_from replay' -l delay -x -d 'Seconds between positions'
