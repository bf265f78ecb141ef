#!/usr/bin/env python3
"""Write the hand-made hwloc XML machines of tests/data/hwloc (run it in
that folder). They cover what the two machines from hwloc's test suite do
not: many sockets, deep switch chains, dozens of devices, NVSwitches,
unknown link speeds, the v1 format, and broken files. hwloc 2.9 loads
every good one (tests/unit/test_import.c)."""

GEN3, GEN4, GEN3X4 = "15.753846", "31.507692", "3.938462"


class M:
    def __init__(self, npkg, pus_per_pkg=2):
        self.gp = 1
        self.npkg = npkg
        self.ppp = pus_per_pkg
        self.dist = []  # (objs, matrix)

    def g(self):
        self.gp += 1
        return self.gp

    def cs(self, first, n):
        """hwloc's bitmap text: 32-bit words, the highest first."""
        v = 0
        for i in range(first, first + n):
            v |= 1 << i
        words = []
        while True:
            words.append("0x%08x" % (v & 0xffffffff))
            v >>= 32
            if v == 0:
                break
        return ",".join(reversed(words))

    def sets(self, cpus, nodes):
        return ('cpuset="%s" complete_cpuset="%s" nodeset="%s" '
                'complete_nodeset="%s"' % (cpus, cpus, nodes, nodes))


def osdev(m, name, kind, sub=None):
    # v2 enum: 0 block, 1 gpu, 2 network, 3 openfabrics, 5 coproc
    gp = m.g()
    s = ' subtype="%s"' % sub if sub else ""
    return gp, '<object type="OSDev" gp_index="%d" name="%s"%s osdev_type="%d"/>' % (
        gp, name, s, kind)


def pcidev(m, bus, cls, ven, speed, kids=(), sub=None):
    gp = m.g()
    sp = ' pci_link_speed="%s"' % speed if speed is not None else ""
    s = ' subtype="%s"' % sub if sub else ""
    head = ('<object type="PCIDev" gp_index="%d"%s pci_busid="%s" '
            'pci_type="%04x [%s] [0000:0000] 00 00"%s' % (gp, s, bus, cls, ven, sp))
    if not kids:
        return gp, head + "/>"
    return gp, head + ">" + "".join(k for k in kids) + "</object>"


def bridge(m, bus, lo, hi, depth, speed, kids):
    gp = m.g()
    sp = ' pci_link_speed="%s"' % speed if speed is not None else ""
    return ('<object type="Bridge" gp_index="%d" bridge_type="1-1" depth="%d" '
            'bridge_pci="%s:[%02x-%02x]" pci_busid="%s" '
            'pci_type="0604 [10b5:9781] [0000:0000] 00 00"%s>%s</object>' % (
                gp, depth, bus[:4], lo, hi, bus, sp, "".join(kids)))


def hostbridge(m, dom, lo, hi, kids):
    gp = m.g()
    return ('<object type="Bridge" gp_index="%d" bridge_type="0-1" depth="0" '
            'bridge_pci="%s:[%02x-%02x]">%s</object>' % (gp, dom, lo, hi, "".join(kids)))


def gpu(m, bus, name, speed):
    g1, o1 = osdev(m, name, 1, "CUDA")
    g2, o2 = osdev(m, name.replace("cuda", "nvml"), 1, "NVML")
    gp, x = pcidev(m, bus, 0x0302, "10de:20b0", speed, [o1, o2])
    return gp, g2, x


def nic(m, bus, name, speed):
    _, o1 = osdev(m, name, 3)
    _, o2 = osdev(m, "eth" + name[-1], 2)
    return pcidev(m, bus, 0x0207, "15b3:101b", speed, [o1, o2])[1]


def nvme(m, bus, name, speed):
    _, o = osdev(m, name, 0)
    return pcidev(m, bus, 0x0108, "144d:a808", speed, [o])[1]


def machine(m, pkg_io, version="2.0"):
    """pkg_io[k]: the I/O XML of package k."""
    npu = m.npkg * m.ppp
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<!DOCTYPE topology SYSTEM "hwloc2.dtd">',
           '<topology version="%s">' % version,
           '<object type="Machine" os_index="0" %s allowed_cpuset="%s" '
           'allowed_nodeset="%s" gp_index="1">' % (
               m.sets(m.cs(0, npu), m.cs(0, m.npkg)), m.cs(0, npu), m.cs(0, m.npkg)),
           '<info name="HostName" value="handmade"/>']
    for k in range(m.npkg):
        cpus, node = m.cs(k * m.ppp, m.ppp), m.cs(k, 1)
        out.append('<object type="Package" os_index="%d" %s gp_index="%d">' % (
            k, m.sets(cpus, node), m.g()))
        out.append('<info name="CPUVendor" value="GenuineIntel"/>')
        out.append('<object type="NUMANode" os_index="%d" %s gp_index="%d" '
                   'local_memory="68719476736"/>' % (k, m.sets(cpus, node), m.g()))
        for c in range(m.ppp):
            pu = k * m.ppp + c
            one = m.cs(pu, 1)
            out.append('<object type="Core" os_index="%d" %s gp_index="%d">'
                       '<object type="PU" os_index="%d" %s gp_index="%d"/></object>' % (
                           pu, m.sets(one, node), m.g(), pu, m.sets(one, node), m.g()))
        out.append(pkg_io[k])
        out.append("</object>")
    out.append("</object>")
    for objs, mat in m.dist:
        idx = " ".join(objs) + " "
        out.append('<distances2hetero nbobjs="%d" kind="25" name="NVLinkBandwidth">' % len(objs))
        out.append('<indexes length="%d">%s</indexes>' % (len(idx), idx))
        vals = " ".join(str(v) for row in mat for v in row) + " "
        out.append('<u64values length="%d">%s</u64values>' % (len(vals), vals))
        out.append("</distances2hetero>")
    out.append("</topology>")
    return "\n".join(out) + "\n"


def pcie_switch():
    m = M(1)
    _, _, g0 = gpu(m, "0000:03:00.0", "cuda0", GEN3)
    _, _, g1 = gpu(m, "0000:04:00.0", "cuda1", GEN3)
    plx = bridge(m, "0000:01:00.0", 2, 5, 2, GEN3, [
        bridge(m, "0000:02:00.0", 3, 3, 3, GEN3, [g0]),
        bridge(m, "0000:02:08.0", 4, 4, 3, GEN3, [g1]),
        bridge(m, "0000:02:10.0", 5, 5, 3, GEN3, [nic(m, "0000:05:00.0", "mlx5_0", GEN3)]),
    ])
    io = hostbridge(m, "0000", 0, 0x10, [
        bridge(m, "0000:00:01.0", 1, 5, 1, GEN3, [plx]),
        bridge(m, "0000:00:02.0", 6, 6, 1, GEN3X4, [nvme(m, "0000:06:00.0", "nvme0n1", GEN3X4)]),
    ])
    return machine(m, [io])


def four_sockets():
    m = M(4)
    ios = []
    for k in range(4):
        kids = [bridge(m, "%04x:00:01.0" % k, 1, 1, 1, GEN4,
                       [gpu(m, "%04x:01:00.0" % k, "cuda%d" % k, GEN4)[2]])]
        if k % 2 == 0:
            kids.append(bridge(m, "%04x:00:02.0" % k, 2, 2, 1, GEN4,
                               [nic(m, "%04x:02:00.0" % k, "mlx5_%d" % k, GEN4)]))
        ios.append(hostbridge(m, "%04x" % k, 0, 2, kids))
    return machine(m, ios)


def deep_chain(depth=12):
    m = M(1)
    inner = gpu(m, "0000:%02x:00.0" % (depth + 1), "cuda1", GEN3)[2]
    for d in range(depth, 0, -1):
        kids = [inner]
        if d == 2:
            kids.append(gpu(m, "0000:40:00.0", "cuda0", GEN3)[2])
        inner = bridge(m, "0000:%02x:00.0" % d, d + 1, 0x40, d, GEN3, kids)
    return machine(m, [hostbridge(m, "0000", 0, 0x40, [inner])])


def dozens(pus_per_pkg=2):
    """2 sockets, each a PCI domain with 4 root ports, each with a switch
    of 4 GPUs, a NIC and an NVMe drive: 32 GPUs, 8 NICs, 8 drives."""
    m = M(2, pus_per_pkg)
    ios, n = [], 0
    for k in range(2):
        ports = []
        for r in range(4):
            base = 0x10 * (r + 1)
            dom = "%04x" % k
            downs = []
            for j in range(4):
                downs.append(bridge(m, "%s:%02x:%02x.0" % (dom, base + 1, j * 8), base + 2 + j,
                                    base + 2 + j, 3, GEN4,
                                    [gpu(m, "%s:%02x:00.0" % (dom, base + 2 + j), "cuda%d" % n, GEN4)[2]]))
                n += 1
            downs.append(bridge(m, "%s:%02x:%02x.0" % (dom, base + 1, 0x20), base + 6, base + 6, 3, GEN4,
                                [nic(m, "%s:%02x:00.0" % (dom, base + 6), "mlx5_%d" % (4 * k + r), GEN4)]))
            downs.append(bridge(m, "%s:%02x:%02x.0" % (dom, base + 1, 0x28), base + 7, base + 7, 3, GEN3X4,
                                [nvme(m, "%s:%02x:00.0" % (dom, base + 7), "nvme%dn1" % (4 * k + r), GEN3X4)]))
            plx = bridge(m, "%s:%02x:00.0" % (dom, base), base + 1, base + 7, 2, GEN4, downs)
            ports.append(bridge(m, "%s:00:%02x.0" % (dom, r + 1), base, base + 7, 1, GEN4, [plx]))
        ios.append(hostbridge(m, "%04x" % k, 0, 0x4f, ports))
    return machine(m, ios)


def nvswitch():
    m = M(2)
    ios, gpus, sw = [], [], []
    for k in range(2):
        ports = []
        for j in range(4):
            b = 0x10 * (4 * k + j + 1)
            gp_pci, gp_os, x = gpu(m, "0000:%02x:00.0" % (b + 1), "cuda%d" % (4 * k + j), GEN4)
            gpus.append("OSDev:%d" % gp_os)
            ports.append(bridge(m, "0000:%02x:00.0" % b, b + 1, b + 1, 1, GEN4, [x]))
        for s in range(3):
            b = 0xa0 + 0x10 * (3 * k + s)
            gp, x = pcidev(m, "0000:%02x:00.0" % (b + 1), 0x0680, "10de:22a3", "1", sub="NVSwitch")
            sw.append("PCIDev:%d" % gp)
            ports.append(bridge(m, "0000:%02x:00.0" % b, b + 1, b + 1, 1, "1", [x]))
        ios.append(hostbridge(m, "0000", 0x80 * k, 0x80 * k + 0x7f, ports))
    objs = gpus + sw
    n = len(objs)
    mat = [[0] * n for _ in range(n)]
    for i in range(8):
        for s in range(6):  # 2 links of 25 GB/s to each of the 6 switches
            mat[i][8 + s] = mat[8 + s][i] = 50000
    m.dist.append((objs, mat))
    return machine(m, ios)


def hgx_a100():
    """An HGX A100-like server for scenarios/machines: two AMD sockets,
    each with two PCIe Gen4 switches holding two GPUs, a NIC and an NVMe
    drive; six NVSwitches, each GPU with 2 x 25 GB/s links to each."""
    m = M(2)
    ios, gpus, sw, n = [], [], [], 0
    for k in range(2):
        ports = []
        dom = "%04x" % k
        for r in range(2):
            base = 0x10 * (r + 1)
            downs = []
            for j in range(2):
                gp_pci, gp_os, x = gpu(m, "%s:%02x:00.0" % (dom, base + 2 + j), "cuda%d" % n, GEN4)
                gpus.append("OSDev:%d" % gp_os)
                downs.append(bridge(m, "%s:%02x:%02x.0" % (dom, base + 1, j * 8), base + 2 + j,
                                    base + 2 + j, 3, GEN4, [x]))
                n += 1
            downs.append(bridge(m, "%s:%02x:10.0" % (dom, base + 1), base + 4, base + 4, 3, GEN4,
                                [nic(m, "%s:%02x:00.0" % (dom, base + 4), "mlx5_%d" % (2 * k + r), GEN4)]))
            downs.append(bridge(m, "%s:%02x:18.0" % (dom, base + 1), base + 5, base + 5, 3, "7.876923",
                                [nvme(m, "%s:%02x:00.0" % (dom, base + 5), "nvme%dn1" % (2 * k + r), "7.876923")]))
            plx = bridge(m, "%s:%02x:00.0" % (dom, base), base + 1, base + 5, 2, GEN4, downs)
            ports.append(bridge(m, "%s:00:%02x.0" % (dom, r + 1), base, base + 5, 1, GEN4, [plx]))
        for s_ in range(3):
            b = 0x40 + 0x10 * s_
            gp, x = pcidev(m, "%s:%02x:00.0" % (dom, b + 1), 0x0680, "10de:1af1", "1", sub="NVSwitch")
            sw.append("PCIDev:%d" % gp)
            ports.append(bridge(m, "%s:00:%02x.0" % (dom, 8 + s_), b + 1, b + 1, 1, "1", [x]))
        ios.append(hostbridge(m, dom, 0, 0x7f, ports))
    objs = gpus + sw
    nn = len(objs)
    mat = [[0] * nn for _ in range(nn)]
    for i in range(8):
        for s_ in range(6):
            mat[i][8 + s_] = mat[8 + s_][i] = 50000
    m.dist.append((objs, mat))
    return machine(m, ios).replace("GenuineIntel", "AuthenticAMD").replace(
        '"handmade"', '"hgx-a100-like"')


def unknown_speeds():
    m = M(1)
    io = hostbridge(m, "0000", 0, 4, [
        bridge(m, "0000:00:01.0", 1, 2, 1, None, [
            bridge(m, "0000:01:00.0", 2, 2, 2, "0.000000",
                   [gpu(m, "0000:02:00.0", "cuda0", "0.000000")[2]])]),
        bridge(m, "0000:00:02.0", 3, 3, 1, GEN3,
               [gpu(m, "0000:03:00.0", "cuda1", None)[2]]),
        pcidev(m, "0000:00:1f.0", 0x0c03, "8086:a12f", None)[1],
    ])
    return machine(m, [io])


V1 = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE topology SYSTEM "hwloc.dtd">
<topology>
  <object type="Machine" os_index="0" cpuset="0x0000000f" complete_cpuset="0x0000000f" online_cpuset="0x0000000f" allowed_cpuset="0x0000000f" nodeset="0x00000003" complete_nodeset="0x00000003" allowed_nodeset="0x00000003">
    <info name="HostName" value="handmade-v1"/>
    <object type="NUMANode" os_index="0" cpuset="0x00000003" complete_cpuset="0x00000003" online_cpuset="0x00000003" allowed_cpuset="0x00000003" nodeset="0x00000001" complete_nodeset="0x00000001" allowed_nodeset="0x00000001" local_memory="34359738368">
      <object type="Socket" os_index="0" cpuset="0x00000003" complete_cpuset="0x00000003" online_cpuset="0x00000003" allowed_cpuset="0x00000003" nodeset="0x00000001" complete_nodeset="0x00000001" allowed_nodeset="0x00000001">
        <object type="Core" os_index="0" cpuset="0x00000001" complete_cpuset="0x00000001" online_cpuset="0x00000001" allowed_cpuset="0x00000001" nodeset="0x00000001" complete_nodeset="0x00000001" allowed_nodeset="0x00000001">
          <object type="PU" os_index="0" cpuset="0x00000001" complete_cpuset="0x00000001" online_cpuset="0x00000001" allowed_cpuset="0x00000001" nodeset="0x00000001" complete_nodeset="0x00000001" allowed_nodeset="0x00000001"/>
        </object>
        <object type="Core" os_index="1" cpuset="0x00000002" complete_cpuset="0x00000002" online_cpuset="0x00000002" allowed_cpuset="0x00000002" nodeset="0x00000001" complete_nodeset="0x00000001" allowed_nodeset="0x00000001">
          <object type="PU" os_index="1" cpuset="0x00000002" complete_cpuset="0x00000002" online_cpuset="0x00000002" allowed_cpuset="0x00000002" nodeset="0x00000001" complete_nodeset="0x00000001" allowed_nodeset="0x00000001"/>
        </object>
      </object>
      <object type="Bridge" os_index="0" bridge_type="0-1" depth="0" bridge_pci="0000:[00-03]">
        <object type="Bridge" os_index="16" bridge_type="1-1" depth="1" bridge_pci="0000:[01-03]" pci_busid="0000:00:01.0" pci_type="0604 [8086:3c02] [0000:0000] 07" pci_link_speed="7.876923">
          <object type="Bridge" os_index="4096" bridge_type="1-1" depth="2" bridge_pci="0000:[02-03]" pci_busid="0000:01:00.0" pci_type="0604 [10b5:8747] [0000:0000] ca" pci_link_speed="7.876923">
            <object type="PCIDev" os_index="8192" pci_busid="0000:02:00.0" pci_type="0302 [10de:1024] [10de:0983] a1" pci_link_speed="7.876923">
              <object type="OSDev" name="cuda0" osdev_type="5"/>
            </object>
            <object type="PCIDev" os_index="12288" pci_busid="0000:03:00.0" pci_type="0302 [10de:1024] [10de:0983] a1" pci_link_speed="7.876923">
              <object type="OSDev" name="cuda1" osdev_type="5"/>
            </object>
          </object>
        </object>
      </object>
    </object>
    <object type="NUMANode" os_index="1" cpuset="0x0000000c" complete_cpuset="0x0000000c" online_cpuset="0x0000000c" allowed_cpuset="0x0000000c" nodeset="0x00000002" complete_nodeset="0x00000002" allowed_nodeset="0x00000002" local_memory="34359738368">
      <object type="Socket" os_index="1" cpuset="0x0000000c" complete_cpuset="0x0000000c" online_cpuset="0x0000000c" allowed_cpuset="0x0000000c" nodeset="0x00000002" complete_nodeset="0x00000002" allowed_nodeset="0x00000002">
        <object type="Core" os_index="2" cpuset="0x00000004" complete_cpuset="0x00000004" online_cpuset="0x00000004" allowed_cpuset="0x00000004" nodeset="0x00000002" complete_nodeset="0x00000002" allowed_nodeset="0x00000002">
          <object type="PU" os_index="2" cpuset="0x00000004" complete_cpuset="0x00000004" online_cpuset="0x00000004" allowed_cpuset="0x00000004" nodeset="0x00000002" complete_nodeset="0x00000002" allowed_nodeset="0x00000002"/>
        </object>
        <object type="Core" os_index="3" cpuset="0x00000008" complete_cpuset="0x00000008" online_cpuset="0x00000008" allowed_cpuset="0x00000008" nodeset="0x00000002" complete_nodeset="0x00000002" allowed_nodeset="0x00000002">
          <object type="PU" os_index="3" cpuset="0x00000008" complete_cpuset="0x00000008" online_cpuset="0x00000008" allowed_cpuset="0x00000008" nodeset="0x00000002" complete_nodeset="0x00000002" allowed_nodeset="0x00000002"/>
        </object>
      </object>
      <object type="Bridge" os_index="1" bridge_type="0-1" depth="0" bridge_pci="0000:[80-81]">
        <object type="Bridge" os_index="2048" bridge_type="1-1" depth="1" bridge_pci="0000:[81-81]" pci_busid="0000:80:02.0" pci_type="0604 [8086:3c04] [0000:0000] 07" pci_link_speed="7.876923">
          <object type="PCIDev" os_index="8448" pci_busid="0000:81:00.0" pci_type="0207 [15b3:1003] [15b3:0050] 00" pci_link_speed="7.876923">
            <object type="OSDev" name="mlx4_0" osdev_type="3"/>
            <object type="OSDev" name="ib0" osdev_type="2"/>
          </object>
        </object>
      </object>
    </object>
  </object>
</topology>
"""

FILES = {
    "pcie-switch.xml": pcie_switch,  # Gen3 x16 links: two GPUs under one switch
    "four-sockets.xml": four_sockets,
    "deep-chain.xml": deep_chain,
    "dozens.xml": dozens,
    "nvswitch.xml": nvswitch,
    "unknown-speeds.xml": unknown_speeds,
}

if __name__ == "__main__":
    for name, f in FILES.items():
        open(name, "w").write(f())
    open("v1-machine.xml", "w").write(V1)
    open("big-100k.xml", "w").write(dozens(96))  # the speed benchmark: about 100 kB
    open("../../../scenarios/machines/hgx-a100.xml", "w").write(hgx_a100())
    good = pcie_switch()
    open("bad-truncated.xml", "w").write(good[: len(good) // 2])
    open("bad-not-hwloc.xml", "w").write("<html><body>hello</body></html>\n")
    open("bad-newer.xml", "w").write(good.replace('version="2.0"', 'version="9.1"'))
    open("bad-objects.xml", "w").write(
        good.replace('<object type="Package"', '<object type="Teapot"', 1))
