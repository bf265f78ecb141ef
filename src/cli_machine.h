/*
 * cli_machine: the command-line modes for real machines -- `rho --import
 * hwloc [FILE.xml]` (print a scenario of a machine) and `rho --matrix
 * SCENARIO` (print its bandwidth matrix). Like main.c it sees every layer;
 * main.c only parses the options and calls these.
 */
#ifndef RHO_CLI_MACHINE_H
#define RHO_CLI_MACHINE_H

#include "core/scenario.h"
#include "report/report.h"

/*
 * Print to stdout a scenario of the machine in hwloc XML file (NULL: the
 * machine rho runs on); kind must be "hwloc". Returns the exit status: 0,
 * or 2 with a message on stderr (unknown kind, unreadable or malformed
 * XML).
 */
int cli_import(const char *kind, const char *file);

/*
 * Print the bandwidth matrix of scenario s in format fmt. Returns the
 * exit status: 0, or 2 with a message on stderr (a network, fewer than two
 * devices, a write error).
 */
int cli_matrix(const struct scenario *s, enum report_fmt fmt);

#endif
