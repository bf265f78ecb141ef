-- Saving keeps the script: comments, builders, layout and quotes stay,
-- and only the edited values change.
-- edits: tau 0.25; bandwidth 10 GiB/s; size 2 1.5 MiB; start 3 2 ms; src 2 6; del 1; add 0 5 2 MiB
-- note: flow 1's size (was an expression)
local MiB = 1048576

return rho.scenario {
    title = 'Comments and builders',   -- single quotes stay single
    topology = rho.t2(),               -- a preset: never expanded
    bandwidth = "11.6 GiB/s",
    tau = 0.2,                         -- the paper's value, rounded

    -- the flows, one a line
    flows = {
        { '0', '2', size = '300 MiB' },  -- goes away
        { '1', '4', size = 300 * MiB },  -- an expression: its size changes
        {
            '3', '2',
            size = '300 MiB',            -- starts later
        },
        { '6', '4', size = '300 MiB' },
    },
}
