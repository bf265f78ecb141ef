# rho -- one non-recursive Makefile (see ../shared/style.md S12).
#
#   make            install missing Debian packages (as root, with apt-get),
#                   then build build/rho
#   make run        build and run rho on scenarios/default.lua
#   make test       build and run every test; ends with "N passed, N failed"
#   make check      include-layer check + the whole suite under ASan/UBSan
#   make bench      benchmarks (figures go in issue notes)
#   make install    PREFIX=/usr/local DESTDIR=
#   make MPI=1      also build the MPI search/sweep driver (Open MPI)

NAME := rho
VERSION := 0.1.0
PREFIX ?= /usr/local
DATADIR ?= $(PREFIX)/share/$(NAME)
MANDIR ?= $(PREFIX)/share/man
BUILD ?= build
LUA_PC ?= lua5.4
PKG_CONFIG ?= pkg-config
CC ?= cc
CSTD := -std=c17
WARN := -Wall -Wextra -Wshadow -Wundef -Wwrite-strings -Wformat=2 \
        -Wstrict-prototypes -Wmissing-prototypes -Wold-style-definition \
        -Wpointer-arith -Wvla
OPT ?= -O2 -g
CPPFLAGS += -D_POSIX_C_SOURCE=200809L -Isrc -I$(BUILD) -DRHO_VERSION='"$(VERSION)"'
XCFLAGS = $(CSTD) $(WARN) $(OPT) $(CFLAGS)
LDLIBS_THREAD := -lpthread

# Debian packages the build and the tests use. `make` installs the missing
# ones itself when it runs as root (or with password-less sudo).
# librsvg2-bin (rsvg-convert), zlib1g-dev and a font render exported SVGs
# into pixels for tests/export. libhwloc-plugins (which apt-get installs
# with libhwloc-dev only when it takes recommended packages) holds hwloc's
# XML reader on libxml2, whose errors the importer's tests expect.
DEB_PKGS := pkg-config liblua5.4-dev libyaml-dev libncurses-dev libhwloc-dev \
            libhwloc-plugins tmux man-db librsvg2-bin zlib1g-dev fonts-dejavu-core
ifeq ($(MPI),1)
DEB_PKGS += libopenmpi-dev openmpi-bin
endif

# Third-party flags are looked up lazily (after the deps step ran), once.
lazy = $(eval $(1) := $$(shell $(2)))$($(1))
LUA_CF = $(call lazy,LUA_CF,$(PKG_CONFIG) --cflags $(LUA_PC))
LUA_LIBS = $(call lazy,LUA_LIBS,$(PKG_CONFIG) --libs $(LUA_PC))
YAML_CF = $(call lazy,YAML_CF,$(PKG_CONFIG) --cflags yaml-0.1)
YAML_LIBS = $(call lazy,YAML_LIBS,$(PKG_CONFIG) --libs yaml-0.1)
CURSES_CF = $(call lazy,CURSES_CF,$(PKG_CONFIG) --cflags ncursesw)
CURSES_LIBS = $(call lazy,CURSES_LIBS,$(PKG_CONFIG) --libs ncursesw)
HWLOC_CF = $(call lazy,HWLOC_CF,$(PKG_CONFIG) --cflags hwloc)
HWLOC_LIBS = $(call lazy,HWLOC_LIBS,$(PKG_CONFIG) --libs hwloc)

obj = $(patsubst src/%.c,$(BUILD)/%.o,$(wildcard $(1)))
CORE_O := $(call obj,src/core/*.c src/core/*/*.c src/view/*.c src/view/*/*.c)
SCRIPT_O := $(call obj,src/script/*.c) $(BUILD)/prelude.o $(call obj,src/import/*.c)
THEME_O := $(call obj,src/theme/*.c)
REPORT_O := $(call obj,src/report/*.c)
TUI_O := $(call obj,src/tui/*.c)
# the command line's modes; mpi.c is rho-mpi's (mpicc), mpi_stub.c rho's
CLI_O := $(filter-out $(BUILD)/cli/mpi.o $(BUILD)/cli/mpi_stub.o,$(call obj,src/cli/*.c))
LIBCORE := $(BUILD)/librhocore.a
LUA_LIB_FILES := $(sort $(wildcard lua/*.lua))
TESTS := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(wildcard tests/unit/test_*.c))
TEST_SUPPORT := $(wildcard tests/unit/support_*.c)
BENCHES := $(patsubst tests/bench/%.c,$(BUILD)/bench/%,$(wildcard tests/bench/bench_*.c))

.PHONY: all deps run test test-mpi check asan tsan layers hdrcheck bench install uninstall clean tour \
        fuzz fuzz-deps soak

ALL := $(BUILD)/$(NAME)
ifeq ($(MPI),1)
ALL += $(BUILD)/$(NAME)-mpi
endif

all: $(ALL)

# $(call apt_missing,PKGS): install the packages of PKGS not installed.
apt_missing = missing=""; \
	for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' \
	    || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if ! command -v apt-get >/dev/null 2>&1; then \
	    echo "deps: missing packages:$$missing (and no apt-get here)"; exit 1; fi; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; \
	  elif sudo -n true 2>/dev/null; then SUDO="sudo -n"; \
	  else echo "deps: missing packages:$$missing; run as root or install them"; exit 1; fi; \
	  echo "deps: installing$$missing"; \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	    --no-install-recommends $$missing >/dev/null || exit 1; \
	fi

deps:
	@$(call apt_missing,$(DEB_PKGS))

# Settings that objects depend on live in a header rewritten only when they
# change, so that `make install PREFIX=...` rebuilds what it must.
$(BUILD)/rho_config.h: FORCE
	@mkdir -p $(@D)
	@printf '#define RHO_DATADIR "%s"\n' '$(DATADIR)' > $@.tmp
	@cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@
$(BUILD)/main.o $(BUILD)/cli/tui.o $(BUILD)/cli/export.o $(BUILD)/cli/lesson.o: $(BUILD)/rho_config.h
.PHONY: FORCE
FORCE:

$(BUILD)/$(NAME): $(BUILD)/main.o $(CLI_O) $(BUILD)/cli/mpi_stub.o $(TUI_O) $(SCRIPT_O) $(REPORT_O) $(THEME_O) $(LIBCORE)
	$(CC) $(LDFLAGS) -o $@ $^ $(LUA_LIBS) $(YAML_LIBS) $(CURSES_LIBS) $(HWLOC_LIBS) $(LDLIBS_THREAD) -lm

# rho-mpi: the same objects but cli/mpi.c, compiled by mpicc
MPICC ?= mpicc
$(BUILD)/mpi/mpi.o: src/cli/mpi.c | deps
	@mkdir -p $(@D)
	$(MPICC) $(CPPFLAGS) $(LUA_CF) $(YAML_CF) $(XCFLAGS) -MMD -MP -c -o $@ $<
$(BUILD)/$(NAME)-mpi: $(BUILD)/main.o $(CLI_O) $(BUILD)/mpi/mpi.o $(TUI_O) $(SCRIPT_O) $(REPORT_O) $(THEME_O) $(LIBCORE)
	$(MPICC) $(LDFLAGS) -o $@ $^ $(LUA_LIBS) $(YAML_LIBS) $(CURSES_LIBS) $(HWLOC_LIBS) $(LDLIBS_THREAD) -lm

$(LIBCORE): $(CORE_O)
	@rm -f $@
	$(AR) rcs $@ $^

# Per-layer include paths: core/ and view/ get no third-party -I at all.
$(BUILD)/script/%.o: LAYER_CF = $(LUA_CF)
$(BUILD)/import/%.o: LAYER_CF = $(HWLOC_CF)
$(BUILD)/theme/%.o: LAYER_CF = $(YAML_CF)
$(BUILD)/report/%.o: LAYER_CF = $(YAML_CF)
$(BUILD)/tui/%.o: LAYER_CF = $(CURSES_CF)
$(BUILD)/main.o: LAYER_CF = $(LUA_CF) $(YAML_CF) $(CURSES_CF)
$(BUILD)/cli/%.o: LAYER_CF = $(LUA_CF) $(YAML_CF) $(CURSES_CF)

$(BUILD)/%.o: src/%.c | deps
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(LAYER_CF) $(XCFLAGS) -MMD -MP -c -o $@ $<

# The Lua library is compiled in as text (never bytecode), one array per file.
$(BUILD)/prelude.c: $(LUA_LIB_FILES) Makefile
	@mkdir -p $(@D)
	@{ echo '/* generated from the files in lua/ by the Makefile */'; \
	  echo '#include <stddef.h>'; \
	  i=0; for f in $(LUA_LIB_FILES); do \
	    echo "static const char lib$$i[] = {"; \
	    od -An -v -tx1 $$f | sed 's/ *\([0-9a-f][0-9a-f]\)/0x\1,/g'; echo '0 };'; \
	    i=$$((i+1)); done; \
	  echo 'const char *const rho_lua_lib_name[] = {'; \
	  for f in $(LUA_LIB_FILES); do echo "\"$$f\","; done; echo 'NULL };'; \
	  echo 'const char *const rho_lua_lib_text[] = {'; \
	  i=0; for f in $(LUA_LIB_FILES); do echo "lib$$i,"; i=$$((i+1)); done; \
	  echo 'NULL };'; } > $@

$(BUILD)/prelude.o: $(BUILD)/prelude.c
	$(CC) $(XCFLAGS) -c -o $@ $<

# Unit tests link everything except tui/ and main.o -- and never curses.
$(BUILD)/tests/%: tests/unit/%.c $(TEST_SUPPORT) $(SCRIPT_O) $(REPORT_O) $(THEME_O) $(LIBCORE) | deps
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) -Itests $(LUA_CF) $(YAML_CF) $(XCFLAGS) -o $@ \
	    $(filter %.c %.o %.a,$^) $(LDFLAGS) $(LUA_LIBS) $(YAML_LIBS) $(HWLOC_LIBS) $(LDLIBS_THREAD) -lm

# Fuzzing (tests/fuzz/README). Each tests/fuzz/fuzz_NAME.c is a target:
# `make fuzz` builds it with clang's libFuzzer (ASan + UBSan) into
# build-fuzz and runs it FUZZ_TIME seconds; `make test` replays the files
# kept in tests/fuzz/NAME/ through BUILD/fuzz/replay_NAME, the same target
# built by the normal compiler with a small main(). A target may call
# anything in these objects (a new layer adds its objects here):
FUZZ_LINK_O = $(CLI_O) $(BUILD)/cli/mpi_stub.o $(TUI_O) $(SCRIPT_O) $(REPORT_O) \
              $(THEME_O) $(LIBCORE)
FUZZ_NAMES := $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_TIME ?= 60
FUZZ_DEB_PKGS := clang libclang-rt-dev
FUZZ_OPT := -O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer-no-link,address,undefined \
            -fno-sanitize-recover=all
FUZZ_LIBS = $(LUA_LIBS) $(YAML_LIBS) $(CURSES_LIBS) $(HWLOC_LIBS) $(LDLIBS_THREAD) -lm
REPLAYS := $(patsubst %,$(BUILD)/fuzz/replay_%,$(FUZZ_NAMES))

$(BUILD)/fuzz/replay_%: tests/fuzz/fuzz_%.c tests/fuzz/replay.c $(FUZZ_LINK_O) $(BUILD)/rho_config.h | deps
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(LUA_CF) $(YAML_CF) $(CURSES_CF) $(HWLOC_CF) $(XCFLAGS) -o $@ \
	    tests/fuzz/fuzz_$*.c tests/fuzz/replay.c $(filter %.o %.a,$^) $(LDFLAGS) $(FUZZ_LIBS)

$(BUILD)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_LINK_O) $(BUILD)/rho_config.h | deps
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(LUA_CF) $(YAML_CF) $(CURSES_CF) $(HWLOC_CF) $(XCFLAGS) -fsanitize=fuzzer -o $@ \
	    $< $(filter %.o %.a,$^) $(FUZZ_LIBS)

fuzz-deps:
	@$(call apt_missing,$(DEB_PKGS) $(FUZZ_DEB_PKGS))

fuzz: fuzz-deps
	$(MAKE) BUILD=build-fuzz CC=clang OPT='$(FUZZ_OPT)' LDFLAGS='-fsanitize=address,undefined' \
	  $(patsubst %,build-fuzz/fuzz/fuzz_%,$(FUZZ_NAMES))
	@for t in $(FUZZ_NAMES); do sh tests/fuzz/fuzz.sh build-fuzz $$t $(FUZZ_TIME) || exit 1; done

$(BUILD)/tests/test_net_hash: tests/unit/net_hash.inc
$(BUILD)/tests/test_net_fast_hash: tests/unit/net_fast_hash.inc

run: $(BUILD)/$(NAME)
	$(BUILD)/$(NAME) scenarios/default.lua

# tests/export reads rendered SVGs with this (zlib decodes the PNG)
$(BUILD)/tools/pngprobe: tests/export/pngprobe.c | deps
	@mkdir -p $(@D)
	$(CC) $(XCFLAGS) -o $@ $< $(LDFLAGS) -lz

test: $(TESTS) $(ALL) $(BUILD)/tools/pngprobe $(REPLAYS)
	@sh tests/run.sh $(BUILD)

# The README's captured screens (doc/tour/list), made again by rho itself;
# tests/export checks that they are current.
tour: $(BUILD)/$(NAME)
	@sh doc/tour.sh $(BUILD)

# Soak: the interactive program driven in tmux with random keys, edits,
# resizes and hostile file replacements for SOAK_TIME seconds (make test
# runs 30 s of it; make check does so under ASan).
SOAK_TIME ?= 300
soak: $(BUILD)/$(NAME)
	@SOAK_TIME=$(SOAK_TIME) sh tests/soak/run.sh $(BUILD) | tee $(BUILD)/soak.log; \
	 ! grep -q '^FAIL' $(BUILD)/soak.log

# The MPI build and its tests (what .ci/run adds to the README's command).
test-mpi:
	$(MAKE) MPI=1 $(BUILD)/$(NAME) $(BUILD)/$(NAME)-mpi
	@RHO_MPI_FRESH=1 sh tests/mpi/run.sh $(BUILD) | tee $(BUILD)/mpi.log; \
	 ! grep -q '^FAIL' $(BUILD)/mpi.log

asan:
	$(MAKE) BUILD=build-asan LDFLAGS=-fsanitize=address,undefined \
	  OPT='-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all' \
	  RHO_SANITIZED=1 test

# The threaded parts (search, sweep, jobs) under ThreadSanitizer.  Like the
# ASan run it sets RHO_SANITIZED: a sanitizer slows threads 5-15x and
# unevenly, so its times are not what a user sees; `make test` asserts them.
TSAN_TESTS := test_pool test_search test_sweep test_watch_job test_net_model \
              test_net_fast test_model_net test_model test_session test_queue_traffic \
              test_cancel test_scratch
tsan:
	$(MAKE) BUILD=build-tsan LDFLAGS=-fsanitize=thread \
	  OPT='-O1 -g -fsanitize=thread' build-tsan/$(NAME) \
	  $(addprefix build-tsan/tests/,$(TSAN_TESTS))
	@fail=0; for t in $(TSAN_TESTS); do \
	  RHO_TEST_QUICK=1 RHO_SANITIZED=1 TSAN_OPTIONS=halt_on_error=1 build-tsan/tests/$$t > build-tsan/$$t.log 2>&1 \
	    || { echo "tsan: $$t failed:"; tail -30 build-tsan/$$t.log; fail=1; }; done; \
	for args in "--search -q scenarios/halo2d-t2.lua" \
	    "--sweep tau=0:1:0.25 --sweep size=40KiB,254KiB scenarios/halo2d-t2.lua"; do \
	  TSAN_OPTIONS=halt_on_error=1 build-tsan/$(NAME) $$args > /dev/null 2> build-tsan/cli.log \
	    || { echo "tsan: rho $$args failed:"; tail -30 build-tsan/cli.log; fail=1; }; done; \
	[ $$fail = 0 ] && echo 'tsan: ok'

# Include walls (style.md S1, S2), checked on the #include lines:
#   $(call only,DIRS,RE,WHY)   every #include "..." under DIRS starts with RE
#   $(call never,FILES,RE,WHY) no #include <...> or "..." in FILES starts with RE
only = if grep -rnE '^\#include "' $(1) | grep -vE ':\#include "$(2)'; \
       then echo 'layers: $(3)'; exit 1; fi
never = if grep -rnE '^\#include [<"]$(2)' $(1); \
        then echo 'layers: $(3)'; exit 1; fi
CURSES_RE := (n?curses|.*/n?curses)
LUA_RE := (lua|lauxlib|lualib)
YAML_RE := yaml
HWLOC_RE := hwloc

layers:
	@$(call only,src/core/base,core/base/,core/base/ may include only core/base/)
	@$(call only,src/core/pcie,core/(base|pcie)/,core/pcie/ may include only core/base/ and core/pcie/)
	@$(call only,src/core/net,core/(base|net)/,core/net/ may include only core/base/ and core/net/)
	@$(call only,src/core/queue,core/(base|net|queue)/,core/queue/ may include only core/base/ core/net/ and core/queue/)
	@$(call never,src/core/base src/core/pcie src/core/net,core/queue/,the queueing model builds on the other families: none of them includes core/queue/)
	@$(call only,src/core,core/,core/ may include only core/ (never view/ tui/ script/ theme/ report/))
	@$(call only,src/view,(core|view)/,view/ may include only core/ and view/ (never tui/ script/ theme/ report/))
	@$(call never,src/view/pcie,(core|view)/net/,view/pcie/ must not include the network family)
	@$(call never,src/view/net,(core|view)/pcie/,view/net/ must not include the PCIe family)
	@$(call never,$(filter-out src/view/views.c,$(wildcard src/view/*.[ch])) src/tui src/cli src/*.c,view/(pcie|net|queue)/,only view/views.c names the views (the frame and the dispatcher and the front ends go through the view table))
	@if grep -rnE '\((struct [a-z_]+|void|char|int|long|double|unsigned)[ ]*\*+\)' src/view; \
	 then echo 'layers: view/ casts no pointer to non-const (a view draws its state const: view.h)'; exit 1; fi
	@$(call never,src/view/queue,(core|view)/pcie/,view/queue/ must not include the PCIe family)
	@$(call never,src/core src/view,($(CURSES_RE)|$(LUA_RE)|$(YAML_RE)),core/ and view/ must stay free of curses and Lua and YAML)
	@$(call only,src/report,(core|view|report)/,report/ may include only core/, view/ and report/)
	@$(call never,src/*.c src/cli src/core src/view src/script src/theme src/report,$(CURSES_RE),only tui/ may include curses)
	@$(call never,src/*.c src/cli src/core src/view src/tui src/theme src/report,$(LUA_RE),only script/ may include Lua)
	@$(call never,src/*.c src/cli src/core src/view src/tui src/script,$(YAML_RE),only theme/ and report/ may include YAML)
	@$(call never,src/*.c src/cli src/core src/view src/tui src/script src/theme src/report,$(HWLOC_RE),only import/ may include hwloc)
	@$(call only,src/import,(core/base|import)/,import/ may include only core/base/ and import/)
	@$(call never,src/import,($(CURSES_RE)|$(LUA_RE)|$(YAML_RE)),import/ must stay free of curses and Lua and YAML)
	@echo 'layers: ok'

hdrcheck: | deps
	@for h in $$(find src -name '*.h'); do \
	  printf '#include "%s"\n' "$${h#src/}" | \
	  $(CC) $(CPPFLAGS) $(LUA_CF) $(YAML_CF) $(CURSES_CF) $(HWLOC_CF) $(CSTD) $(WARN) -fsyntax-only -x c - \
	  || { echo "hdrcheck: $$h does not compile alone"; exit 1; }; done; echo 'hdrcheck: ok'

check: layers hdrcheck asan tsan

$(BUILD)/bench/%: tests/bench/%.c $(TEST_SUPPORT) $(SCRIPT_O) $(REPORT_O) $(THEME_O) $(LIBCORE) | deps
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) -Itests $(LUA_CF) $(YAML_CF) $(XCFLAGS) -DNDEBUG -o $@ \
	    $(filter %.c %.o %.a,$^) $(LDFLAGS) $(LUA_LIBS) $(YAML_LIBS) $(HWLOC_LIBS) $(LDLIBS_THREAD) -lm

bench: $(BENCHES) $(BUILD)/$(NAME)
	@for b in $(BENCHES); do \
	  $(if $(CALLGRIND),valgrind --tool=callgrind --callgrind-out-file=$$b.cg) $$b || exit 1; done
	@$(if $(CALLGRIND),true,sh tests/bench/mpi_scaling.sh $(BUILD))

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5 \
	    $(DESTDIR)$(MANDIR)/man7 $(DESTDIR)$(DATADIR)/themes $(DESTDIR)$(DATADIR)/scenarios
	install -m 755 $(BUILD)/$(NAME) $(DESTDIR)$(PREFIX)/bin/
	install -m 644 man/*.1 $(DESTDIR)$(MANDIR)/man1/
	for m in man/*.5; do [ -e "$$m" ] && install -m 644 $$m $(DESTDIR)$(MANDIR)/man5/; done; true
	for m in man/*.7; do [ -e "$$m" ] && install -m 644 $$m $(DESTDIR)$(MANDIR)/man7/; done; true
	for t in themes/*.yaml; do [ -e "$$t" ] && install -m 644 $$t $(DESTDIR)$(DATADIR)/themes/; done; true
	install -m 644 scenarios/*.lua $(DESTDIR)$(DATADIR)/scenarios/
	install -d $(DESTDIR)$(DATADIR)/scenarios/lessons
	install -m 644 scenarios/lessons/*.lua $(DESTDIR)$(DATADIR)/scenarios/lessons/
	install -d $(DESTDIR)$(DATADIR)/scenarios/machines
	install -m 644 scenarios/machines/*.lua scenarios/machines/*.xml $(DESTDIR)$(DATADIR)/scenarios/machines/

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/$(NAME) $(DESTDIR)$(MANDIR)/man1/$(NAME).1 \
	    $(DESTDIR)$(MANDIR)/man5/$(NAME)-*.5 $(DESTDIR)$(MANDIR)/man7/$(NAME)-*.7
	rm -rf $(DESTDIR)$(DATADIR)

clean:
	rm -rf build build-asan build-tsan build-fuzz

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
